import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { plusDays } from '#shared/hr/leave.ts';
import { STANDARD_RECRUITMENT_STAGES } from '#shared/resources/recruitment.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { applicants, interviews, jobOpenings, offers, recruitmentStagesTable } from '../../db/schema/index.ts';

/** A one-page PDF with a few lines of text (Helvetica), made here: a demo CV, never a file from outside. */
export function tinyPdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const text = `BT /F1 16 Tf 56 780 Td (${esc(lines[0] ?? '')}) Tj /F1 11 Tf ${lines.slice(1).map((l) => `0 -18 Td (${esc(l)}) Tj`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * Northwind's recruitment (issue 13, item 6): an open opening for an air freight export coordinator at
 * Heathrow with six applicants across the stages (one interviewed with feedback, one with a sent
 * offer, one turned down), and a draft opening for a customs declarant at Felixstowe.
 */
export async function seedDemoRecruitment(ctx: AppContext, orgId: string, ids: Record<string, string>): Promise<void> {
  const db = ctx.database.db;
  const owner = ids['owner@demo.fyn.local'];
  const olivia = ids['admin@demo.fyn.local'];
  const today = new Date().toISOString().slice(0, 10);
  const departments = Object.fromEntries((await rowsOf<{ id: string; name: string }>(db, sql`select id, name from departments where organisation_id = ${orgId}`)).map((d) => [d.name, d.id]));
  let stages = await rowsOf<{ id: string; name: string; kind: string }>(db, sql`select id, name, kind from recruitment_stages where organisation_id = ${orgId} order by position`);
  if (!stages.length) {
    await db.insert(recruitmentStagesTable).values(STANDARD_RECRUITMENT_STAGES.map((s) => ({ organisation_id: orgId, id: uuidv7(), ...s })));
    stages = await rowsOf<{ id: string; name: string; kind: string }>(db, sql`select id, name, kind from recruitment_stages where organisation_id = ${orgId} order by position`);
  }
  const stage = (name: string) => stages.find((s) => s.name === name)!.id;
  const openingId = uuidv7();
  const at = (days: number, hour: number) => new Date(`${plusDays(today, days)}T${String(hour).padStart(2, '0')}:00:00Z`);

  type Person = { name: string; email: string; phone: string | null; stage: string; status: 'active' | 'rejected'; source: 'public' | 'manual'; letter: string | null; cv: string[] | null; applied: number };
  const people: Person[] = [
    {
      name: 'Priya Raman', email: 'priya.raman@example.com', phone: '+44 7700 900431', stage: 'Applied', status: 'active', source: 'public', applied: -2,
      letter: 'I have spent three years at a GSA at Heathrow handling export bookings for Emirates and Qatar. I would like to move to the forwarder side.',
      cv: ['Priya Raman', 'Export booking agent, Heathrow GSA (2023 - today)', 'IATA DGR Cat. 6, CASS settlement, Champ Traxon', 'BA Logistics, University of Hull'],
    },
    {
      name: 'Marek Kowalski', email: 'marek.kowalski@example.com', phone: '+44 7700 900582', stage: 'Screening', status: 'active', source: 'public', applied: -6,
      letter: 'Air export coordinator at a Polish forwarder for four years (WAW and LHR gateways), now living in Slough.',
      cv: ['Marek Kowalski', 'Air export coordinator, Warsaw (2021 - today)', 'Consolidations, ULD build-up, known consignor checks', 'Polish, English, German'],
    },
    {
      name: 'Chloé Martin', email: 'chloe.martin@example.com', phone: '+44 7700 900617', stage: 'Interview', status: 'active', source: 'public', applied: -12,
      letter: 'Currently in ocean export at Felixstowe; I would like to move into air freight and work closer to Heathrow.',
      cv: ['Chloe Martin', 'Ocean export clerk, Felixstowe (2022 - today)', 'CDS export declarations, VGM, booking amendments', 'French, English'],
    },
    {
      name: 'Oluwaseun Adeyemi', email: 'seun.adeyemi@example.com', phone: '+44 7700 900744', stage: 'Offer', status: 'active', source: 'public', applied: -20,
      letter: 'Six years of air export at Heathrow, the last two as team lead for pharma shipments (GDP, CEIV).',
      cv: ['Oluwaseun Adeyemi', 'Air export team lead, Heathrow (2019 - today)', 'Pharma (CEIV, GDP), DG, temperature-controlled ULDs', 'IATA Diploma in Air Cargo'],
    },
    { name: 'James O’Connor', email: 'james.oconnor@example.com', phone: '+44 7700 900865', stage: 'Interview', status: 'active', source: 'manual', applied: -9, letter: 'Referred by Daniel (ocean export).', cv: null },
    { name: 'Hannah Becker', email: 'hannah.becker@example.com', phone: null, stage: 'Rejected', status: 'rejected', source: 'public', applied: -15, letter: null, cv: ['Hannah Becker', 'Retail store supervisor (2020 - today)', 'Stock control, team rota'] },
  ];

  const written: Record<string, string> = {};
  const files: [key: string, data: Buffer][] = [];
  await db.transaction(async (tx) => {
    await tx.insert(jobOpenings).values([
      {
        organisation_id: orgId, id: openingId, title: 'Air freight export coordinator', department_id: departments['Air freight'] ?? null, hiring_manager_id: olivia,
        location: 'GBLHR', employment_type: 'full_time', status: 'open', public_slug: randomBytes(12).toString('base64url'), created_by: owner,
        description: 'Join our air export desk at Heathrow: book consolidations and direct shipments with the airlines, prepare AWBs and DG paperwork, and keep '
          + 'clients informed from pick-up to departure. You know IATA rules, enjoy a busy desk and like to get things right the first time.\n\n'
          + 'We offer 25 days of holiday, a pension with 6 % employer contribution, and training towards the IATA Diploma.',
        salary_min_minor: 3_200_000, salary_max_minor: 3_800_000, salary_currency: 'GBP', closes_on: plusDays(today, 30),
      },
      {
        organisation_id: orgId, id: uuidv7(), title: 'Customs declarant (CDS)', department_id: departments['Customs brokerage'] ?? null, hiring_manager_id: olivia,
        location: 'GBFXT', employment_type: 'full_time', status: 'draft', public_slug: randomBytes(12).toString('base64url'), created_by: owner,
        description: 'Import and export declarations in CDS for our Felixstowe clients.', salary_min_minor: null, salary_max_minor: null, salary_currency: null, closes_on: null,
      },
    ]);
    for (const p of people) {
      const id = uuidv7();
      written[p.email] = id;
      const cv = p.cv ? tinyPdf(p.cv) : null;
      const key = cv ? `cvs/${orgId}-${id}.pdf` : null;
      if (cv && key) files.push([key, cv]);
      const created = new Date(`${plusDays(today, p.applied)}T09:30:00Z`);
      await tx.insert(applicants).values({
        organisation_id: orgId, id, opening_id: openingId, stage_id: stage(p.stage), status: p.status, name: p.name, email: p.email, phone: p.phone, cover_letter: p.letter,
        cv_file_key: key, cv_name: cv ? `${p.name.replace(/[^A-Za-z]+/g, '-')}-CV.pdf` : null, cv_type: cv ? 'application/pdf' : null, cv_bytes: cv?.length ?? null,
        source: p.source, created_at: created, updated_at: created,
      });
    }
    await tx.insert(interviews).values([
      {
        organisation_id: orgId, id: uuidv7(), applicant_id: written['chloe.martin@example.com'], interviewer_id: olivia, scheduled_at: at(-3, 10), duration_minutes: 45, kind: 'video', status: 'held',
        feedback: 'Sharp and well organised; knows export paperwork from ocean. No DG training yet, but keen to do the course. Would fit the desk well.', rating: 4, recommendation: 'yes', created_by: olivia,
      },
      {
        organisation_id: orgId, id: uuidv7(), applicant_id: written['seun.adeyemi@example.com'], interviewer_id: olivia, scheduled_at: at(-10, 14), duration_minutes: 60, kind: 'onsite', status: 'held',
        feedback: 'Excellent: ran us through a pharma shipment from booking to uplift without notes. Could lead the desk in a year.', rating: 5, recommendation: 'strong_yes', created_by: olivia,
      },
      { organisation_id: orgId, id: uuidv7(), applicant_id: written['james.oconnor@example.com'], interviewer_id: owner, scheduled_at: at(3, 11), duration_minutes: 45, kind: 'phone', status: 'scheduled', created_by: olivia },
    ]);
    await tx.insert(offers).values({
      organisation_id: orgId, id: uuidv7(), applicant_id: written['seun.adeyemi@example.com'], job_title: 'Air freight export coordinator', contract_type: 'permanent',
      start_date: plusDays(today, 35), salary_minor: 3_700_000, salary_currency: 'GBP', salary_period: 'year', hours_per_week: '37.5', probation_months: 3, notice_days: 30,
      status: 'sent', created_by: olivia,
    });
  });
  for (const [key, data] of files) await ctx.files.put(key, data);
}
