import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { documentBody, documentEmailBody, documentListQuery, documentSchema, type FynDocument } from '#shared/api/operations.ts';
import { DOCUMENT_TYPES, type DocumentType } from '#shared/operations/model.ts';
import { measure } from '#shared/quotes/calc.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { cursorInvalid, decodeCursor, encodeCursor, fitsColumn } from '../../lib/cursor.ts';
import { FILES_PREFIX } from '../files/images.ts';
import { sendFile } from '../files/store.ts';
import { requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import { loadQuote, presentQuote } from '../quotes/service.ts';
import { placeNames } from '../locations/place-names.ts';
import { nextNumber } from '../../lib/number-sequences.ts';
import { renderQuotePdf } from '../quotes/pdf.ts';
import type { DocumentLanguage } from '../documents/labels.ts';
import { renderDocumentPdf, type DocumentData } from '../documents/render.ts';
import { isoOf, loadShipment, type ShipmentRow } from './service.ts';
import { audit } from '../../lib/audit.ts';
import { emitEvent } from '../developers/webhooks.ts';

export type DocumentRow = typeof documents.$inferSelect;

export const presentDocument = (d: DocumentRow & { reference?: string | null }): FynDocument => ({
  id: d.id, type: d.type, without_origin: d.without_origin, number: d.number, version: d.version, language: d.language, shipment_id: d.shipment_id, booking_id: d.booking_id,
  bytes: d.bytes, emailed: d.emailed, created_at: isoOf(d.created_at)!, reference: d.reference ?? null,
});

type Template = DocumentData['template'] & { language: DocumentLanguage };
const DEFAULT_TEMPLATE: Template = { language: 'en', accent_colour: null, terms: null, show_logo: true, show_parties: true, show_containers: true, show_charges: true, show_notes: true };

type OrganisationLines = { name: string; lines: string[]; logo: string | null };

/** The organisation's name and address lines as documents print them, and where its logo is. */
async function organisationLines(db: Db | Tx, organisationId: string): Promise<OrganisationLines> {
  const [org] = await rowsOf<{ name: string; address_line1: string | null; city: string | null; postcode: string | null; country: string; vat_number: string | null; logo: string | null }>(
    db, sql`select name, address_line1, city, postcode, country, vat_number, logo from organisations where id = ${organisationId}`);
  return {
    name: org.name,
    lines: [[org.address_line1, [org.postcode, org.city].filter(Boolean).join(' '), org.country].filter(Boolean).join(', '), org.vat_number ? `VAT ${org.vat_number}` : ''].filter(Boolean),
    logo: org.logo,
  };
}

/** The organisation as documents print it: name, address lines and logo. */
export async function organisationHeader(ctx: AppContext, organisationId: string): Promise<{ name: string; lines: string[]; logo: Buffer | null }> {
  const org = await organisationLines(ctx.database.db, organisationId);
  let logo: Buffer | null = null;
  if (org.logo?.startsWith(FILES_PREFIX)) {
    const file = await ctx.files.get(org.logo.slice(FILES_PREFIX.length));
    if (file) {
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      logo = Buffer.concat(chunks);
    }
  }
  return { name: org.name, lines: org.lines, logo };
}

/** The quote of a shipment's booking as a PDF (the `quotation` document). */
export async function quotePdf(ctx: AppContext, organisationId: string, quoteId: string, language: DocumentLanguage): Promise<Buffer> {
  const db = ctx.database.db;
  const loaded = await loadQuote(db, organisationId, quoteId);
  if (!loaded) throw notFound('The quote');
  const quote = presentQuote(loaded.quote, loaded.lines, [], await placeNames(db, [loaded.quote.origin, loaded.quote.destination], loaded.quote.mode));
  const codes = await rowsOf<{ id: string; name: string }>(db, sql`select id, name from charge_codes where organisation_id = ${organisationId}`);
  return renderQuotePdf({ quote, organisation: await organisationHeader(ctx, organisationId), charges: Object.fromEntries(codes.map((c) => [c.id, c.name])), language });
}

/** What the freight documents of a shipment print besides the shipment row: its booking, containers, charge names and place names. */
type DocumentInputs = {
  header: { name: string; lines: string[] };
  booking: { number: string; carrier_booking_reference: string | null; booking_party: DocumentData['parties']['booking_party']; confirmed_equipment: DocumentData['equipment']; equipment: DocumentData['equipment'] } | null;
  containers: { number: string; iso_type: string; seal: string | null; discharged_at: string | null }[];
  codes: Map<string, string>;
  places: Record<string, string>;
};

async function documentInputs(db: Db | Tx, s: ShipmentRow): Promise<DocumentInputs> {
  const org = s.organisation_id;
  const header = await organisationLines(db, org);
  const [booking] = s.booking_id
    ? await rowsOf<NonNullable<DocumentInputs['booking']>>(db, sql`
        select number, carrier_booking_reference, booking_party, confirmed_equipment, equipment from bookings where organisation_id = ${org} and id = ${s.booking_id}`)
    : [];
  const containers = await rowsOf<DocumentInputs['containers'][number]>(db, sql`
    select c.number, c.iso_type, c.seal,
           (select max(occurred_at) from shipment_events e where e.organisation_id = c.organisation_id and e.shipment_id = c.shipment_id and e.container_number = c.number and e.code = 'DISC' and e.classifier = 'ACT') as discharged_at
      from shipment_containers c where c.organisation_id = ${org} and c.shipment_id = ${s.id} order by c.created_at, c.number`);
  const codes = new Map((await rowsOf<{ id: string; name: string }>(db, sql`select id, name from charge_codes where organisation_id = ${org}`)).map((c) => [c.id, c.name]));
  return { header: { name: header.name, lines: header.lines }, booking: booking ?? null, containers, codes, places: await placeNames(db, [s.origin, s.destination], s.mode) };
}

/** What a freight document of a shipment prints (its `issued` day apart, the same data gives the same document). */
function documentData(inputs: DocumentInputs, s: ShipmentRow, type: DocumentData['type'], withoutOrigin: boolean, template: Template, language: DocumentLanguage): DocumentData {
  const { header, booking, containers, codes, places } = inputs;
  const m = measure(s.mode, s.packages, []);
  return {
    type, without_origin: withoutOrigin, language, issued: new Date().toISOString().slice(0, 10),
    organisation: { name: header.name, lines: header.lines },
    shipment: {
      number: s.number, house_ref: s.house_ref, master_ref: s.master_ref, booking_number: booking?.number ?? null, carrier_booking_reference: booking?.carrier_booking_reference ?? null,
      mode: s.mode, incoterm: s.incoterm, carrier: s.carrier, vessel: s.vessel, voyage: s.voyage, flight: s.flight,
      origin: s.origin, origin_name: places[s.origin] ?? null, destination: s.destination, destination_name: places[s.destination] ?? null,
      pol: s.pol ?? s.legs[0]?.from ?? null, pod: s.pod ?? s.legs.at(-1)?.to ?? null, place_of_receipt: s.place_of_receipt, place_of_delivery: s.place_of_delivery,
      etd: isoOf(s.etd), eta: isoOf(s.eta), atd: isoOf(s.atd), ata: isoOf(s.ata), free_days: s.free_days, goods_description: s.goods_description,
    },
    parties: { shipper: s.shipper, consignee: s.consignee, notify: s.notify_party, booking_party: booking?.booking_party ?? null },
    legs: s.legs, cut_offs: s.cut_offs,
    equipment: booking ? (booking.confirmed_equipment.length ? booking.confirmed_equipment : booking.equipment) : [],
    containers: containers.map((c) => ({ ...c, discharged_at: isoOf(c.discharged_at) })),
    cargo: { packages: s.packages.reduce((n, p) => n + p.packages, 0), weight_kg: m.weight_kg, volume_cbm: m.volume_cbm, chargeable_weight_kg: m.chargeable_weight_kg },
    charges: s.charges.map((c) => ({ name: c.description ?? (c.charge_code_id ? codes.get(c.charge_code_id) : null) ?? '—', amount_minor: c.actual_sell_minor ?? c.quoted_sell_minor, currency: s.currency, payment: c.payment })),
    template: { accent_colour: template.accent_colour, terms: template.terms, show_logo: template.show_logo, show_parties: template.show_parties, show_containers: template.show_containers, show_charges: template.show_charges, show_notes: template.show_notes },
  };
}

/** The fingerprint of what a document prints: a freight document's data but its issue day, or the quote (and its last change) in a language. */
const fingerprint = (printed: DocumentData | { quote: string; updated_at: string | null; language: string }) =>
  createHash('sha256').update(JSON.stringify('type' in printed ? { ...printed, issued: null } : printed)).digest('hex');

async function templatesOf(db: Db | Tx, organisationId: string): Promise<Map<string, Template>> {
  const rows = await rowsOf<Template & { type: string }>(db, sql`select type, language, accent_colour, terms, show_logo, show_parties, show_containers, show_charges, show_notes from document_templates where organisation_id = ${organisationId}`);
  return new Map(rows.map(({ type, ...t }) => [type, t]));
}

/**
 * Which of a shipment's documents are the latest version of their kind (type and variant), and
 * which of those were printed from data that has changed since (its parties, route, dates,
 * containers, charges, the booking's quote, the organisation's address or the template): a new
 * generation would make a new version. Older versions are never "outdated": a newer one exists.
 */
export async function documentStates(db: Db | Tx, s: ShipmentRow, docs: DocumentRow[]): Promise<Map<string, { latest: boolean; outdated: boolean }>> {
  const latest = new Map<string, DocumentRow>();
  for (const d of docs) {
    const key = `${d.type}:${d.without_origin}`;
    if ((latest.get(key)?.version ?? 0) < d.version) latest.set(key, d);
  }
  const states = new Map(docs.map((d) => [d.id, { latest: false, outdated: false }]));
  if (latest.size === 0) return states;
  const freight = [...latest.values()].filter((d) => d.type !== 'quotation');
  const [inputs, templates] = freight.length ? await Promise.all([documentInputs(db, s), templatesOf(db, s.organisation_id)]) : [null, new Map<string, Template>()];
  const quoteIds = [...new Set([...latest.values()].map((d) => d.quote_id).filter((v): v is string => Boolean(v)))];
  const quotes = quoteIds.length
    ? new Map((await rowsOf<{ id: string; updated_at: string }>(db, sql`select id, updated_at from quotes where organisation_id = ${s.organisation_id} and id = any(${`{${quoteIds.join(',')}}`}::uuid[])`)).map((q) => [q.id, isoOf(q.updated_at)]))
    : new Map<string, string | null>();
  for (const d of latest.values()) {
    const now = d.type === 'quotation'
      ? fingerprint({ quote: d.quote_id ?? '', updated_at: quotes.get(d.quote_id ?? '') ?? null, language: d.language })
      : fingerprint(documentData(inputs!, s, d.type, d.without_origin, templates.get(d.type) ?? DEFAULT_TEMPLATE, d.language as DocumentLanguage));
    states.set(d.id, { latest: true, outdated: now !== d.data_hash });
  }
  return states;
}

/**
 * Generates a document of a shipment: a new number from the organisation's sequence the first
 * time, a new version of the same number when what it prints changed, and the latest version
 * again when nothing did. The PDF is stored; old versions stay.
 */
export async function generateDocument(ctx: AppContext, organisationId: string, shipmentId: string, actorId: string | null, body: { type: DocumentType; without_origin: boolean; language: DocumentLanguage | null }): Promise<{ row: DocumentRow; created: boolean }> {
  const db = ctx.database.db;
  const id = uuidv7();
  const key = `documents/${id}.pdf`;
  let stored = false;
  // Read outside the transaction (the embedded database serves one connection: no second query inside it).
  const header = await organisationHeader(ctx, organisationId);
  const [quoted] = body.type === 'quotation'
    ? await rowsOf<{ quote_id: string; updated_at: string }>(db, sql`
        select b.quote_id, q.updated_at from shipments s join bookings b on b.organisation_id = s.organisation_id and b.id = s.booking_id
          join quotes q on q.organisation_id = b.organisation_id and q.id = b.quote_id where s.organisation_id = ${organisationId} and s.id = ${shipmentId}`)
    : [];
  const template = (await templatesOf(db, organisationId)).get(body.type) ?? DEFAULT_TEMPLATE;
  const language = body.language ?? template.language;
  const quotation = quoted ? await quotePdf(ctx, organisationId, quoted.quote_id, language) : null;
  try {
    return await db.transaction(async (tx) => {
      const s = await loadShipment(tx, organisationId, shipmentId, true);
      if (!s) throw notFound('The shipment');
      if (body.type === 'quotation' && !s.booking_id) throw new AppError(409, 'no_quotation', 'This shipment was opened without a quotation.');
      if (body.type === 'hawb' && s.mode !== 'air') throw new AppError(409, 'document_mode', 'A house air waybill is for air shipments.');
      if (body.type === 'hbl' && !s.mode.startsWith('sea')) throw new AppError(409, 'document_mode', 'A house bill of lading is for sea shipments.');
      if (body.without_origin && body.type === 'collection_origin') {
        throw new AppError(422, 'validation_failed', 'A collection note at origin is addressed to the shipper: it has no variant without origin.', { without_origin: 'Not for this document.' });
      }
      const withoutOrigin = body.type === 'quotation' ? false : body.without_origin;
      let quoteId: string | null = null;
      let data: DocumentData | null = null;
      let hash: string;
      if (body.type === 'quotation') {
        quoteId = quoted.quote_id;
        hash = fingerprint({ quote: quoted.quote_id, updated_at: isoOf(quoted.updated_at), language });
      } else {
        data = documentData(await documentInputs(tx, s), s, body.type, withoutOrigin, template, language);
        hash = fingerprint(data);
      }
      const last = await latest(tx, organisationId, s.id, body.type, withoutOrigin);
      if (last && last.data_hash === hash) return { row: last, created: false };
      const year = new Date().toISOString().slice(0, 4);
      const number = last?.number ?? `DOC-${year}-${String(await nextNumber(tx, organisationId, `document:${year}`)).padStart(5, '0')}`;
      const version = (last?.version ?? 0) + 1;
      const pdf = data ? await renderDocumentPdf(data, { number, version, logo: header.logo }) : quotation!;
      await ctx.files.put(key, pdf);
      stored = true;
      const [row] = await tx.insert(documents).values({
        organisation_id: organisationId, id, type: body.type, without_origin: withoutOrigin, number, version, shipment_id: s.id, booking_id: s.booking_id, quote_id: quoteId,
        language, file_key: key, bytes: pdf.length, data_hash: hash, created_by: actorId,
      }).returning();
      await audit(tx, organisationId, actorId, 'documents', 'generate', id, { type: body.type, number, version, shipment_id: s.id });
      await emitEvent(tx, organisationId, 'document.generated', presentDocument({ ...row, reference: s.number }));
      return { row, created: true };
    });
  } catch (err) {
    if (stored) await ctx.files.delete(key).catch(() => undefined);
    throw err;
  }
}

async function latest(tx: Tx, organisationId: string, shipmentId: string, type: DocumentType, withoutOrigin: boolean): Promise<DocumentRow | null> {
  const [row] = await rowsOf<DocumentRow>(tx, sql`
    select * from documents where organisation_id = ${organisationId} and shipment_id = ${shipmentId} and type = ${type} and without_origin = ${withoutOrigin}
     order by version desc limit 1`);
  return row ?? null;
}

/** Documents (issue 12, item 6): generated from shipments, listed, downloaded and e-mailed. Permission module `documents`. */
export function registerDocumentRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['documents'];
  const idParam = z.object({ id: z.uuid() });

  async function member(req: Parameters<typeof requireMember>[1], action: 'view' | 'create' | 'update'): Promise<Membership> {
    const m = await requireMember(ctx, req);
    requirePermission(m, `documents.${action}`);
    return m;
  }
  const selectDocs = (organisationId: string) => sql`
    select d.*, coalesce(s.number, b.number) as reference from documents d
      left join shipments s on s.organisation_id = d.organisation_id and s.id = d.shipment_id
      left join bookings b on b.organisation_id = d.organisation_id and b.id = d.booking_id
     where d.organisation_id = ${organisationId}`;

  api.post('/api/shipments/:id/documents', {
    config: { access: 'documents.create' },
    schema: {
      tags, summary: 'Generate a document of the shipment as PDF: a new number, or a new version when its data changed (201); the latest version when nothing did (200)',
      params: idParam, body: documentBody, response: { 200: envelope(documentSchema), 201: envelope(documentSchema) },
    },
  }, async (req, reply) => {
    const m = await member(req, 'create');
    const { row, created } = await generateDocument(ctx, m.organisation.id, req.params.id, m.user.id, req.body);
    const [withRef] = await rowsOf<DocumentRow & { reference: string | null }>(db, sql`${selectDocs(m.organisation.id)} and d.id = ${row.id}`);
    return reply.status(created ? 201 : 200).send({ data: presentDocument(withRef) });
  });

  api.get('/api/documents', {
    config: { access: 'documents.view' },
    schema: {
      tags, summary: 'Generated documents, the newest first, by type or shipment (keyset pages)', querystring: documentListQuery,
      response: { 200: z.object({ data: z.array(documentSchema), meta: z.object({ next_cursor: z.string().nullable() }) }) },
    },
  }, async (req) => {
    const m = await member(req, 'view');
    const { type, shipment_id, cursor, limit } = req.query;
    let after = sql``;
    if (cursor) {
      const [at, id] = decodeCursor(cursor);
      if (!fitsColumn(at, 'time')) throw cursorInvalid();
      after = sql`and (d.created_at, d.id) < (${at}::timestamptz, ${id}::uuid)`;
    }
    const rows = await rowsOf<DocumentRow & { reference: string | null }>(db, sql`${selectDocs(m.organisation.id)}
      ${type ? sql`and d.type = ${type}` : sql``} ${shipment_id ? sql`and d.shipment_id = ${shipment_id}` : sql``} ${after}
      order by d.created_at desc, d.id desc limit ${limit}`);
    const last = rows.at(-1);
    return { data: rows.map(presentDocument), meta: { next_cursor: last && rows.length === limit ? encodeCursor(isoOf(last.created_at), last.id) : null } };
  });

  api.get('/api/documents/types', {
    config: { access: 'documents.view' },
    schema: {
      tags, summary: 'The document types with how many documents (numbers) and versions the organisation issued of each, and when the last was',
      response: { 200: envelope(z.array(z.object({ type: z.enum(DOCUMENT_TYPES), documents: z.number(), versions: z.number(), last_at: z.string().nullable(), template: z.boolean() }))) },
    },
  }, async (req) => {
    const m = await member(req, 'view');
    const rows = await rowsOf<{ type: DocumentType; documents: number; versions: number; last_at: string | null }>(db, sql`
      select type, count(distinct number)::int as documents, count(*)::int as versions, max(created_at) as last_at from documents where organisation_id = ${m.organisation.id} group by type`);
    const templates = new Set((await rowsOf<{ type: string }>(db, sql`select type from document_templates where organisation_id = ${m.organisation.id}`)).map((t) => t.type));
    return {
      data: DOCUMENT_TYPES.map((type) => {
        const r = rows.find((x) => x.type === type);
        return { type, documents: r?.documents ?? 0, versions: r?.versions ?? 0, last_at: isoOf(r?.last_at ?? null), template: templates.has(type) };
      }),
    };
  });

  api.get('/api/documents/:id/pdf', {
    config: { access: 'documents.view' },
    schema: { tags, summary: 'A generated document’s PDF (that version)', params: idParam, produces: ['application/pdf'] },
  }, async (req, reply) => {
    const m = await member(req, 'view');
    const [d] = await rowsOf<DocumentRow>(db, sql`select * from documents where organisation_id = ${m.organisation.id} and id = ${req.params.id}`);
    if (!d) throw notFound('The document');
    const file = await ctx.files.get(d.file_key);
    if (!file) throw notFound('The document’s file');
    return sendFile(reply, file, 'application/pdf', { cache: 'private, no-cache', ...(req.headers.accept === 'application/octet-stream' && { download: `${d.number}-v${d.version}.pdf` }) });
  });

  api.post('/api/documents/:id/email', {
    config: { access: 'documents.update' },
    schema: { tags, summary: 'E-mail the document (that version) as a PDF attachment to a party', params: idParam, body: documentEmailBody, response: { 200: envelope(documentSchema) } },
  }, async (req) => {
    const m = await member(req, 'update');
    const [d] = await rowsOf<DocumentRow & { reference: string | null }>(db, sql`${selectDocs(m.organisation.id)} and d.id = ${req.params.id}`);
    if (!d) throw notFound('The document');
    const file = await ctx.files.get(d.file_key);
    if (!file) throw notFound('The document’s file');
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    const name = `${d.number}-v${d.version}.pdf`;
    const text = [`${m.organisation.name} sends you ${d.number} (version ${d.version})${d.reference ? ` for ${d.reference}` : ''}.`, req.body.message ?? '', `— ${m.user.name}`].filter(Boolean).join('\n\n');
    const html = text.split('\n\n').map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`).join('');
    await ctx.mailer.send({ to: req.body.to, subject: `${d.number} · ${m.organisation.name}`, text, html, attachments: [{ filename: name, contentType: 'application/pdf', content: Buffer.concat(chunks) }] });
    const at = new Date().toISOString();
    await db.transaction(async (tx) => {
      await tx.execute(sql`update documents set emailed = emailed || ${JSON.stringify([{ to: req.body.to, at }])}::jsonb where organisation_id = ${m.organisation.id} and id = ${d.id}`);
      await audit(tx, m.organisation.id, m.user.id, 'documents', 'email', d.id, { to: req.body.to });
    });
    const [fresh] = await rowsOf<DocumentRow & { reference: string | null }>(db, sql`${selectDocs(m.organisation.id)} and d.id = ${d.id}`);
    return { data: presentDocument(fresh) };
  });
}

