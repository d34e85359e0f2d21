import { clip } from '#shared/text.ts';
import type { CutOff, Party, TransportLeg } from '#shared/api/operations.ts';
import type { DocumentType } from '#shared/operations/model.ts';
import { formatDecimal, formatMoney } from '#shared/money/format.ts';
import type { QuoteMode } from '#shared/quotes/model.ts';
import { A4, MARGIN, PdfWriter } from './pdf-writer.ts';
import { DOCUMENT_LABELS, type DocumentLanguage } from './labels.ts';

/** Everything a freight document prints: the same data makes the same document (its hash decides on a new version). */
export type DocumentData = {
  type: Exclude<DocumentType, 'quotation'>;
  without_origin: boolean;
  language: DocumentLanguage;
  issued: string;
  organisation: { name: string; lines: string[] };
  shipment: {
    number: string; house_ref: string; master_ref: string | null; booking_number: string | null; carrier_booking_reference: string | null;
    mode: QuoteMode; incoterm: string | null; carrier: string | null; vessel: string | null; voyage: string | null; flight: string | null;
    origin: string; origin_name: string | null; destination: string; destination_name: string | null;
    pol: string | null; pod: string | null; place_of_receipt: string | null; place_of_delivery: string | null;
    etd: string | null; eta: string | null; atd: string | null; ata: string | null; free_days: number; goods_description: string | null;
  };
  parties: { shipper: Party | null; consignee: Party | null; notify: Party | null; booking_party: Party | null };
  legs: TransportLeg[];
  cut_offs: CutOff[];
  equipment: { iso_type: string; count: number }[];
  containers: { number: string; iso_type: string; seal: string | null; discharged_at: string | null }[];
  cargo: { packages: number; weight_kg: string; volume_cbm: string; chargeable_weight_kg: string };
  charges: { name: string; amount_minor: number; currency: string; payment: 'prepaid' | 'collect' }[];
  template: { accent_colour: string | null; terms: string | null; show_logo: boolean; show_parties: boolean; show_containers: boolean; show_charges: boolean; show_notes: boolean };
};

/** What each type prints beyond the common head. */
const PARTS: Record<DocumentData['type'], { parties: (keyof DocumentData['parties'])[]; plan: boolean; cutOffs: boolean; containers: boolean; charges: 'all' | 'collect' | 'none'; freeTime: boolean; note: 'origin' | 'destination' | null; originals: boolean }> = {
  booking_confirmation: { parties: ['booking_party', 'shipper', 'consignee'], plan: true, cutOffs: true, containers: false, charges: 'all', freeTime: false, note: null, originals: false },
  arrival_notice: { parties: ['consignee', 'notify', 'shipper'], plan: false, cutOffs: false, containers: true, charges: 'collect', freeTime: true, note: null, originals: false },
  collection_origin: { parties: ['shipper', 'consignee'], plan: false, cutOffs: true, containers: true, charges: 'none', freeTime: false, note: 'origin', originals: false },
  collection_destination: { parties: ['consignee', 'shipper'], plan: false, cutOffs: false, containers: true, charges: 'none', freeTime: true, note: 'destination', originals: false },
  hbl: { parties: ['shipper', 'consignee', 'notify'], plan: false, cutOffs: false, containers: true, charges: 'all', freeTime: false, note: null, originals: true },
  hawb: { parties: ['shipper', 'consignee', 'notify'], plan: false, cutOffs: false, containers: false, charges: 'all', freeTime: false, note: null, originals: true },
};

const place = (code: string | null, name: string | null) => (code ? (name ? `${name} (${code})` : code) : '—');
const dayOf = (v: string | null) => (v ? v.slice(0, 10) : '—');
const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A freight document as PDF (issue 12, item 6): real text in embedded fonts, so that it can be
 * searched and copied in every language. The "without origin" variant leaves out the shipper,
 * the place of receipt and the origin's (prepaid) charges, for a consignee who must not see them.
 */
export async function renderDocumentPdf(d: DocumentData, meta: { number: string; version: number; logo: Buffer | null }): Promise<Buffer> {
  const L = DOCUMENT_LABELS[d.language];
  const locale = d.language === 'en' ? 'en-GB' : d.language;
  const parts = PARTS[d.type];
  const s = d.shipment;
  const title = `${L.titles[d.type]}${d.without_origin ? ` (${L.without_origin})` : ''}`;
  const w = await PdfWriter.create(`${title} ${meta.number}`, d.organisation.name);
  const accent = w.rgb(d.template.accent_colour ?? '#4788B6');
  const grey = w.rgb('#6b7280');
  const right = A4.width - MARGIN;
  const half = (A4.width - 2 * MARGIN) / 2;

  const logoHeight = d.template.show_logo && meta.logo ? await w.image(meta.logo, MARGIN, 140, 44) : 0;
  if (logoHeight) w.y -= logoHeight + 8;
  await w.text(d.organisation.name, MARGIN, { size: 14, weight: 'bold', color: accent });
  for (const l of d.organisation.lines) {
    w.y -= 12;
    await w.text(l, MARGIN, { size: 8, color: grey });
  }
  w.y -= 26;
  await w.paragraph(title, MARGIN, right - MARGIN, { size: 17, weight: 'bold' });
  w.y -= 4;

  const facts: [string, string][] = [
    [L.number, `${meta.number} · ${L.version} ${meta.version}`],
    [L.issued, d.issued],
    [L.shipment, s.number],
    [L.house_ref, s.house_ref],
  ];
  if (s.master_ref) facts.push([L.master_ref, s.master_ref]);
  if (s.booking_number) facts.push([L.booking, s.booking_number]);
  if (s.carrier_booking_reference && d.type === 'booking_confirmation') facts.push([L.carrier_ref, s.carrier_booking_reference]);
  facts.push([L.mode, `${L.modes[s.mode]}${s.incoterm ? ` · ${L.incoterm} ${s.incoterm} (Incoterms® 2020)` : ''}`]);
  if (s.carrier) facts.push([L.carrier, s.carrier]);
  if (s.vessel || s.voyage) facts.push([L.vessel_voyage, [s.vessel, s.voyage].filter(Boolean).join(' / ')]);
  if (s.flight) facts.push([L.flight, s.flight]);
  if (!d.without_origin) {
    facts.push([L.origin, place(s.origin, s.origin_name)]);
    if (s.place_of_receipt) facts.push([L.place_of_receipt, s.place_of_receipt]);
  }
  if (s.pol) facts.push([L.pol, s.pol]);
  if (s.pod) facts.push([L.pod, s.pod]);
  facts.push([L.destination, place(s.destination, s.destination_name)]);
  if (s.place_of_delivery) facts.push([L.place_of_delivery, s.place_of_delivery]);
  facts.push([s.atd ? L.atd : L.etd, dayOf(s.atd ?? s.etd)], [s.ata ? L.ata : L.eta, dayOf(s.ata ?? s.eta)]);
  for (const [label, value] of facts) {
    w.ensure(14);
    await w.text(label, MARGIN, { size: 8, color: grey });
    await w.paragraph(value, MARGIN + 130, right - MARGIN - 130, { size: 9.5 });
    w.y -= 1;
  }

  if (d.template.show_parties) {
    const shown = parts.parties.filter((p) => !(d.without_origin && p === 'shipper') && d.parties[p]);
    const names: Record<keyof DocumentData['parties'], string> = { shipper: L.shipper, consignee: L.consignee, notify: L.notify, booking_party: L.booking_party };
    for (let i = 0; i < shown.length; i += 2) {
      w.y -= 12;
      w.ensure(70);
      const top = w.y;
      let lowest = w.y;
      for (const [k, role] of shown.slice(i, i + 2).entries()) {
        const p = d.parties[role]!;
        const x = MARGIN + k * half;
        w.y = top;
        await w.text(names[role], x, { size: 8, color: grey });
        w.y -= 12;
        await w.paragraph([p.name, p.address, [p.contact, p.phone, p.email].filter(Boolean).join(' · ')].filter(Boolean).join('\n'), x, half - 12, { size: 9.5 });
        lowest = Math.min(lowest, w.y);
      }
      w.y = lowest;
    }
  }

  const section = async (label: string) => {
    w.y -= 14;
    w.ensure(40);
    await w.text(label, MARGIN, { size: 10, weight: 'bold', color: accent });
    w.y -= 4;
    w.line(MARGIN, right);
    w.y -= 12;
  };

  if (parts.note) {
    await section(L.collection_note);
    const party = parts.note === 'origin' ? d.parties.shipper : d.parties.consignee;
    await w.text(parts.note === 'origin' ? L.collect_from : L.deliver_to, MARGIN, { size: 8, color: grey });
    await w.paragraph(party ? [party.name, party.address].filter(Boolean).join(', ') : '—', MARGIN + 130, right - MARGIN - 130, { size: 9.5 });
  }

  if (parts.plan && d.legs.length) {
    await section(L.transport_plan);
    for (const leg of d.legs) {
      w.ensure(14);
      await w.paragraph(`${leg.from} → ${leg.to} · ${[leg.carrier, leg.vessel, leg.voyage, leg.flight].filter(Boolean).join(' ')} · ${L.etd} ${dayOf(leg.etd)} · ${L.eta} ${dayOf(leg.eta)}`, MARGIN, right - MARGIN, { size: 9.5 });
    }
  }
  if (parts.cutOffs && d.cut_offs.length) {
    await section(L.cut_offs);
    for (const c of d.cut_offs) {
      w.ensure(14);
      await w.text(L.cut_off_kinds[c.kind], MARGIN, { size: 9.5 });
      await w.text(`${c.at.slice(0, 16).replace('T', ' ')} UTC`, MARGIN + 130, { size: 9.5 });
      w.y -= 13;
    }
  }
  if (d.type === 'booking_confirmation' && d.equipment.length) {
    await section(L.equipment);
    await w.paragraph(d.equipment.map((e) => `${e.count} × ${e.iso_type}`).join(', '), MARGIN, right - MARGIN, { size: 9.5 });
  }

  await section(L.cargo);
  const cargo = [
    [L.packages, String(d.cargo.packages)],
    [L.gross_weight, `${formatDecimal(d.cargo.weight_kg, locale)} kg`],
    [L.volume, `${formatDecimal(d.cargo.volume_cbm, locale)} m³`],
    ...(s.mode === 'air' ? [[L.chargeable_weight, `${formatDecimal(d.cargo.chargeable_weight_kg, locale)} kg`]] : []),
    [L.goods, s.goods_description ?? '—'],
  ];
  for (const [label, value] of cargo) {
    w.ensure(14);
    await w.text(label, MARGIN, { size: 8, color: grey });
    await w.paragraph(value, MARGIN + 130, right - MARGIN - 130, { size: 9.5 });
  }

  if (parts.containers && d.template.show_containers && d.containers.length) {
    await section(L.containers);
    await w.text(L.container, MARGIN, { size: 8, weight: 'bold' });
    await w.text(L.type, MARGIN + 140, { size: 8, weight: 'bold' });
    await w.text(L.seal, MARGIN + 200, { size: 8, weight: 'bold' });
    if (parts.freeTime) await w.text(L.demurrage_from, MARGIN + 320, { size: 8, weight: 'bold' });
    w.y -= 13;
    for (const c of d.containers) {
      w.ensure(14);
      await w.text(c.number, MARGIN, { size: 9.5 });
      await w.text(c.iso_type, MARGIN + 140, { size: 9.5 });
      await w.text(c.seal ?? '—', MARGIN + 200, { size: 9.5 });
      if (parts.freeTime) await w.text(c.discharged_at ? addDays(c.discharged_at, s.free_days) : '—', MARGIN + 320, { size: 9.5 });
      w.y -= 13;
    }
  }

  if (parts.freeTime) {
    await section(L.free_time);
    await w.paragraph(L.free_time_text.replace('{{days}}', String(s.free_days)), MARGIN, right - MARGIN, { size: 9.5 });
  }

  const charges = d.charges.filter((c) => (parts.charges === 'collect' ? c.payment === 'collect' : parts.charges === 'all') && !(d.without_origin && c.payment === 'prepaid'));
  if (d.template.show_charges && charges.length) {
    await section(L.charges);
    await w.text(L.charge, MARGIN, { size: 8, weight: 'bold' });
    await w.text(L.payment, 360, { size: 8, weight: 'bold' });
    await w.text(L.amount, right, { size: 8, weight: 'bold', align: 'right' });
    w.y -= 13;
    const totals = new Map<string, number>();
    for (const c of charges) {
      w.ensure(14);
      await w.text(clip(c.name, 52), MARGIN, { size: 9.5 });
      await w.text(c.payment === 'collect' ? L.collect : L.prepaid, 360, { size: 9.5 });
      await w.text(formatMoney(c.amount_minor, c.currency, locale), right, { size: 9.5, align: 'right' });
      totals.set(c.currency, (totals.get(c.currency) ?? 0) + c.amount_minor);
      w.y -= 13;
    }
    w.line(360, right);
    w.y -= 13;
    for (const [currency, minor] of totals) {
      await w.text(L.total, 360, { size: 10, weight: 'bold' });
      await w.text(formatMoney(minor, currency, locale), right, { size: 10, weight: 'bold', align: 'right' });
      w.y -= 13;
    }
  }

  if (parts.originals) {
    w.y -= 8;
    await w.text(L.originals, MARGIN, { size: 9 });
    w.y -= 12;
  }
  if (d.template.terms) {
    await section(L.terms);
    await w.paragraph(d.template.terms, MARGIN, right - MARGIN, { size: 8, color: grey });
  }
  return w.bytes();
}
