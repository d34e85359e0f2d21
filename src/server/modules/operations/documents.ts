import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { documentBody, documentEmailBody, documentListQuery, documentSchema } from '#shared/api/operations.ts';
import { DOCUMENT_TYPES, type DocumentType } from '#shared/operations/model.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { cursorInvalid, decodeCursor, encodeCursor, fitsColumn } from '../../lib/cursor.ts';
import { FILES_PREFIX } from '../files/images.ts';
import { sendFile } from '../files/store.ts';
import { requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import { quoteAnswer } from '../quotes/service.ts';
import { nextNumber } from '../../lib/number-sequences.ts';
import { renderQuotePdf } from '../quotes/pdf.ts';
import type { DocumentLanguage } from '../documents/labels.ts';
import { renderDocumentPdf, type DocumentData } from '../documents/render.ts';
import { isoOf } from './service.ts';
import { DEFAULT_TEMPLATE, documentAnswer, documentData, documentInputs, fingerprint, loadShipment, organisationLines, presentDocument, selectDocuments, templatesOf, type DocumentRow } from './answers.ts';
import { audit } from '../../lib/audit.ts';
import { emitEvent } from '../developers/webhooks.ts';



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
  const quote = await quoteAnswer(db, organisationId, quoteId);
  if (!quote) throw notFound('The quote');
  const codes = await rowsOf<{ id: string; name: string }>(db, sql`select id, name from charge_codes where organisation_id = ${organisationId}`);
  return renderQuotePdf({ quote, organisation: await organisationHeader(ctx, organisationId), charges: Object.fromEntries(codes.map((c) => [c.id, c.name])), language });
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
      await emitEvent(tx, organisationId, 'document.generated', await documentAnswer(tx, organisationId, row.id));
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

  api.post('/api/shipments/:id/documents', {
    config: { access: 'documents.create' },
    schema: {
      tags, summary: 'Generate a document of the shipment as PDF: a new number, or a new version when its data changed (201); the latest version when nothing did (200)',
      params: idParam, body: documentBody, response: { 200: envelope(documentSchema), 201: envelope(documentSchema) },
    },
  }, async (req, reply) => {
    const m = await member(req, 'create');
    const { row, created } = await generateDocument(ctx, m.organisation.id, req.params.id, m.user.id, req.body);
    return reply.status(created ? 201 : 200).send({ data: (await documentAnswer(db, m.organisation.id, row.id))! });
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
    const rows = await rowsOf<DocumentRow & { reference: string | null }>(db, sql`${selectDocuments(m.organisation.id)}
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
    const [d] = await rowsOf<DocumentRow & { reference: string | null }>(db, sql`${selectDocuments(m.organisation.id)} and d.id = ${req.params.id}`);
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
    return { data: (await documentAnswer(db, m.organisation.id, d.id))! };
  });
}

