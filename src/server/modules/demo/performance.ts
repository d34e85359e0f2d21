import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { weightedScore } from '#shared/hr/performance.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { goals, reviewCriteriaTable, reviewCyclesTable, reviewRatings, reviews } from '../../db/schema/index.ts';

const CRITERIA = [
  { name: 'Customer service', description: 'Answers shippers and consignees the same day; keeps them told before they ask.', weight: '30' },
  { name: 'Accuracy of documents', description: 'HBLs, customs entries and invoices right first time.', weight: '30' },
  { name: 'Teamwork', description: 'Covers colleagues, hands work over cleanly across the offices.', weight: '20' },
  { name: 'Initiative', description: 'Spots problems and fixes the process, not only the shipment.', weight: '20' },
] as const;

/** Ratings of the four criteria in order, with a comment on the first. */
type Rated = readonly [number, number, number, number];

/**
 * Northwind's performance reviews (issue 13, item 5): the year's annual review, open, with four
 * weighted criteria and a review for every employee, reviewed by their manager — Arjun's completed
 * (with Olivia's ratings and his final score), Sofia's and Daan's self reviews handed to Arjun, Tom's
 * begun — and goals with sub-goals and progress for a few people. Reads the employees seedDemoHr made.
 */
export async function seedDemoPerformance(ctx: AppContext, orgId: string, ids: Record<string, string>): Promise<void> {
  const db = ctx.database.db;
  const year = new Date().getUTCFullYear();
  const staff = await rowsOf<{ id: string; user_id: string; manager_id: string | null }>(db, sql`
    select distinct on (user_id) id, user_id, manager_id from employees
     where organisation_id = ${orgId} and (end_date is null or end_date >= current_date) order by user_id, start_date desc`);
  const byEmail = (email: string) => staff.find((s) => s.user_id === ids[email]);
  const owner = ids['owner@demo.fyn.local'];

  await db.transaction(async (tx) => {
    const cycle = uuidv7();
    await tx.insert(reviewCyclesTable).values({
      organisation_id: orgId, id: cycle, name: `${year} annual review`, period_start: `${year}-01-01`, period_end: `${year}-12-31`,
      self_review_due: `${year}-12-12`, manager_review_due: `${year + 1}-01-16`, rating_scale_max: 5, status: 'open',
    });
    const criteria = CRITERIA.map((c, position) => ({ ...c, id: uuidv7(), position }));
    await tx.insert(reviewCriteriaTable).values(criteria.map((c) => ({ organisation_id: orgId, id: c.id, cycle_id: cycle, name: c.name, description: c.description, weight: c.weight, position: c.position })));

    const reviewOf: Record<string, string> = {};
    for (const s of staff) {
      const id = uuidv7();
      reviewOf[s.user_id] = id;
      await tx.insert(reviews).values({ organisation_id: orgId, id, cycle_id: cycle, employee_id: s.id, reviewer_id: s.manager_id });
    }
    const rate = async (email: string, by: 'self' | 'manager', ratings: Rated, comment: string) => {
      const review = reviewOf[ids[email]];
      if (!review) return;
      await tx.insert(reviewRatings).values(criteria.map((c, i) => ({ organisation_id: orgId, review_id: review, criterion_id: c.id, by, rating: ratings[i], comment: i === 0 ? comment : null })));
    };
    const move = (email: string, set: ReturnType<typeof sql>) =>
      reviewOf[ids[email]] ? tx.execute(sql`update reviews set ${set}, updated_at = now() where organisation_id = ${orgId} and id = ${reviewOf[ids[email]]}`) : Promise.resolve();

    // Arjun: completed by Olivia. 30·4 + 30·5 + 20·4 + 20·3 = 120 + 150 + 80 + 60 = 410 → 4.10.
    const arjun: Rated = [4, 5, 4, 3];
    await rate('admin@demo.fyn.local', 'self', [4, 4, 5, 4], 'Key accounts kept through the peak season.');
    await rate('admin@demo.fyn.local', 'manager', arjun, 'Shippers ask for him by name.');
    await move('admin@demo.fyn.local', sql`status = 'completed', self_comment = ${'A hard peak season: we kept every key account and opened the Rotterdam import desk.'},
      manager_comment = ${'Documents are spotless and the Rotterdam desk runs well. Next year: hand more of the day-to-day to the team.'},
      self_submitted_at = now() - interval '20 days', manager_submitted_at = now() - interval '6 days',
      final_score = ${weightedScore(criteria.map((c, i) => ({ weight: c.weight, rating: arjun[i] })))}`);
    // Sofia and Daan: self reviews handed to Arjun, his to do.
    await rate('ocean@demo.fyn.local', 'self', [5, 4, 4, 4], 'Same-day answers to every booking request.');
    await move('ocean@demo.fyn.local', sql`status = 'manager_review', self_comment = ${'Booking-to-HBL time is down from three days to under two; the HBL templates helped most.'}, self_submitted_at = now() - interval '4 days'`);
    await rate('rotterdam@demo.fyn.local', 'self', [4, 4, 5, 3], 'Import customers moved over from the old agent without a complaint.');
    await move('rotterdam@demo.fyn.local', sql`status = 'manager_review', self_comment = ${'First full year of the Rotterdam import desk.'}, self_submitted_at = now() - interval '2 days'`);
    // Tom has begun his: two criteria rated, not submitted.
    const tom = reviewOf[ids['customs@demo.fyn.local']];
    if (tom) {
      await tx.insert(reviewRatings).values([
        { organisation_id: orgId, review_id: tom, criterion_id: criteria[1].id, by: 'self', rating: 4, comment: 'No CDS amendments needed since the summer.' },
        { organisation_id: orgId, review_id: tom, criterion_id: criteria[2].id, by: 'self', rating: 4, comment: null },
      ]);
    }

    // Goals, with sub-goals whose progress rolls up into their parent.
    const goal = async (email: string, title: string, o: { progress?: number; due?: string; weight?: string; status?: 'open' | 'done' | 'dropped'; description?: string; parent?: string; inCycle?: boolean } = {}) => {
      const e = byEmail(email);
      if (!e) return null;
      const id = uuidv7();
      await tx.insert(goals).values({
        organisation_id: orgId, id, employee_id: e.id, cycle_id: o.inCycle === false ? null : cycle, parent_id: o.parent ?? null, title, description: o.description ?? null,
        weight: o.weight ?? '1', progress: o.progress ?? 0, due_date: o.due ?? null, status: o.status ?? 'open', created_by: e.manager_id ?? owner,
      });
      return id;
    };
    const hbl = await goal('ocean@demo.fyn.local', 'Cut booking-to-HBL time to 24 h', { due: `${year}-12-31`, description: 'Measured from the carrier’s booking confirmation to the HBL draft sent to the shipper.' });
    if (hbl) {
      await goal('ocean@demo.fyn.local', 'HBL templates for the top 10 consignees', { parent: hbl, weight: '2', progress: 100, status: 'done' });
      await goal('ocean@demo.fyn.local', 'Chase VGM and SI the same day', { parent: hbl, weight: '1', progress: 60 });
      await goal('ocean@demo.fyn.local', 'Drafts checked by a colleague within 2 h', { parent: hbl, weight: '1', progress: 20 });
    }
    await goal('ocean@demo.fyn.local', 'Learn dangerous goods (IMDG) documentation', { progress: 40, due: `${year + 1}-03-31`, inCycle: false });
    const aeo = await goal('customs@demo.fyn.local', 'Pass the customs AEO audit', { due: `${year}-12-15` });
    if (aeo) {
      await goal('customs@demo.fyn.local', 'Renew the AEO self-assessment questionnaire', { parent: aeo, weight: '2', progress: 75 });
      await goal('customs@demo.fyn.local', 'Document the CDS declaration checks', { parent: aeo, weight: '1', progress: 50 });
      await goal('customs@demo.fyn.local', 'Train the Rotterdam desk on UK import entries', { parent: aeo, weight: '1', progress: 0, status: 'dropped' });
    }
    await goal('admin@demo.fyn.local', 'Grow reefer volumes out of Felixstowe by 15 %', { progress: 80, due: `${year}-12-31` });
    await goal('admin@demo.fyn.local', 'Hand the daily ocean export desk to Sofia', { progress: 50, due: `${year + 1}-06-30`, inCycle: false });
    await goal('shanghai@demo.fyn.local', 'Raise on-time cargo receipt at origin to 95 %', { progress: 65, due: `${year}-12-31` });
    await goal('rotterdam@demo.fyn.local', 'Clear 90 % of import entries before the vessel berths', { progress: 85, due: `${year}-12-31`, status: 'open' });
  });
}
