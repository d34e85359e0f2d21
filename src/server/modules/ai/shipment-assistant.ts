import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { apiErrorSchema, envelope } from '#shared/api/errors.ts';
import {
  aiClientUpdateAnswer, aiClientUpdateBody, aiDocumentReadingAnswer, aiReadingQuery, clientUpdateSendBody, clientUpdateSentSchema, SHIPPING_DOCUMENT_MAX_BYTES,
  type AiClientUpdate, type AiDocumentReading, type ClientUpdateLanguage,
} from '#shared/api/ai-shipments.ts';
import type { AiFeature } from '#shared/ai/prices.ts';
import type { AiEngine } from '#shared/api/ai.ts';
import { DOCUMENT_LANGUAGES } from '#shared/resources/operations.ts';
import type { ExceptionKind } from '#shared/operations/model.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { readUpload } from '../files/images.ts';
import { placeNames } from '../locations/place-names.ts';
import { escapeHtml, mailLayout } from '../mail/templates.ts';
import { requirePermission } from '../organisations/membership.ts';
import { loadShipment, type ShipmentRow } from '../operations/answers.ts';
import { meteredCall, type RunResult } from './metered-call.ts';
import { askProvider } from './provider.ts';
import { clientUpdateFactsText, clientUpdateSystemPrompt, DOCUMENT_SYSTEM_PROMPT, providerClientUpdateSchema, providerDocumentSchema, readingOfProvider, updateOfProvider } from './shipment-provider.ts';
import { callerOf, type Caller } from './routes.ts';
import { pdfLines, PdfUnreadable } from './pdf-lines.ts';
import { readShippingDocument } from './builtin/shipping-document.ts';
import { writeClientUpdate, etaChanges, type UpdateFacts } from './builtin/client-update.ts';

/**
 * The assistant on a shipment (issue 26, features 2 and 3; docs/architecture.md#ai): a shipping
 * document read into proposed fields, and a client update drafted from the shipment's record. Both
 * are priced and metered like the quote drafts: the price is charged before the engine runs, the
 * same request id answers again without a charge, a failure refunds, and at zero the answer is 402
 * `ai_credits_exhausted`. Neither changes the shipment or sends anything: the person accepts fields
 * through the shipment's own calls, and sends the edited update with the last route here.
 */

const idParam = z.object({ id: z.uuid() });

/** The caller (operations.update) and their organisation's shipment, or 404 for another organisation's. */
async function shipmentOf(ctx: AppContext, c: Caller, id: string): Promise<ShipmentRow> {
  if (!c.member) throw notFound('The shipment');
  requirePermission(c.member, 'operations.update');
  const s = await loadShipment(ctx.database.db, c.member.organisation.id, id);
  if (!s) throw notFound('The shipment');
  return s;
}

/**
 * Runs a feature through the one metered call: 201 with its answer, or 200 answering a request id
 * again; a provider's failure, timeout or answer outside the schema is refunded (502/504).
 */
async function metered<T extends Record<string, unknown>>(
  ctx: AppContext, reply: FastifyReply, c: Caller, input: { feature: AiFeature; requestId: string | undefined; subject: { type: string; id: string } },
  run: (call: { id: string; engine: AiEngine }) => Promise<RunResult<T>>,
) {
  const m = await meteredCall(ctx, c, { ...input, requestId: input.requestId ?? uuidv7(), run });
  return reply.status(m.replayed ? 200 : 201).send({ data: m.output, credits_used: m.credits });
}

const isLanguage = (v: string | null | undefined): v is ClientUpdateLanguage => Boolean(v && (DOCUMENT_LANGUAGES as readonly string[]).includes(v));

/**
 * The language of a client update: asked for; else the client's — the language on its CRM record
 * (native organisation), or a connected organisation's owner's language; else the organisation's
 * (the language of most of its document templates); else the writer's own; else English.
 */
async function languageOf(ctx: AppContext, c: Caller, s: ShipmentRow, requested: ClientUpdateLanguage | undefined): Promise<{ language: ClientUpdateLanguage; source: AiClientUpdate['language_source'] }> {
  if (requested) return { language: requested, source: 'requested' };
  const db = ctx.database.db;
  if (s.client_type === 'native_organisation' && s.client_id) {
    const [client] = await rowsOf<{ language: string | null }>(db, sql`select language from native_organisations where organisation_id = ${s.organisation_id} and id = ${s.client_id}`);
    if (isLanguage(client?.language)) return { language: client.language, source: 'client' };
  }
  if (s.client_type === 'organisation' && s.client_id) {
    const [owner] = await rowsOf<{ locale: string }>(db, sql`
      select u.locale from organisation_members om join roles r on r.organisation_id = om.organisation_id and r.id = om.role_id join users u on u.id = om.user_id
       where om.organisation_id = ${s.client_id} and om.status = 'active' and r.builtin = 'owner' order by om.created_at limit 1`);
    if (isLanguage(owner?.locale)) return { language: owner.locale, source: 'client' };
  }
  const [template] = await rowsOf<{ language: string }>(db, sql`
    select language from document_templates where organisation_id = ${s.organisation_id} group by language order by count(*) desc, language limit 1`);
  if (isLanguage(template?.language)) return { language: template.language, source: 'organisation' };
  const locale = c.member?.user.locale?.slice(0, 2);
  return { language: isLanguage(locale) ? locale : 'en', source: 'member' };
}

/** The client's e-mail address in the CRM: the native organisation's, else its first contact's. */
async function clientEmail(ctx: AppContext, s: ShipmentRow): Promise<string | null> {
  if (s.client_type !== 'native_organisation' || !s.client_id) return null;
  const [row] = await rowsOf<{ email: string | null }>(ctx.database.db, sql`
    select coalesce(n.email, (select c.email from native_contacts c where c.organisation_id = n.organisation_id and c.native_organisation_id = n.id and c.email is not null order by c.created_at limit 1)) as email
      from native_organisations n where n.organisation_id = ${s.organisation_id} and n.id = ${s.client_id}`);
  return row?.email ?? null;
}

const asDate = (v: Date | string | null) => (v ? new Date(v) : null);

export function registerShipmentAssistantRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai'];
  const db = ctx.database.db;

  api.post('/api/shipments/:id/ai/document-reading', {
    config: { access: 'operations.update' },
    schema: {
      tags, params: idParam, querystring: aiReadingQuery, consumes: ['multipart/form-data'],
      summary: 'Read a shipping document (multipart field "file": a text PDF of at most 5 MB — commercial invoice, packing list or bill of lading) into proposed shipment fields, '
        + 'each with its confidence and the words it came from; container numbers are checked (ISO 6346). Nothing on the shipment changes: the person accepts fields through the shipment’s own calls',
      response: { 201: aiDocumentReadingAnswer, 200: aiDocumentReadingAnswer, 402: apiErrorSchema, 502: apiErrorSchema, 504: apiErrorSchema },
    },
  }, async (req, reply) => {
    const c = await callerOf(ctx, req);
    const s = await shipmentOf(ctx, c, req.params.id);
    // The file is read before anything is charged: a file that is no readable PDF costs nothing.
    const { data: file, filename } = await readUpload(req, SHIPPING_DOCUMENT_MAX_BYTES);
    const read = await pdfLines(file).catch((err) => {
      if (err instanceof PdfUnreadable) throw new AppError(422, 'validation_failed', 'This file is not a PDF that can be read.', { file: 'pdf_unreadable' });
      throw err;
    });
    if (!read.lines.some((l) => l.trim())) throw new AppError(422, 'validation_failed', 'The PDF has no text to read (a scanned image?): type the fields in by hand.', { file: 'pdf_no_text' });
    return metered(ctx, reply, c, { feature: 'shipment_document', requestId: req.query.request_id, subject: { type: 'shipment', id: s.id } }, async ({ id, engine }): Promise<RunResult<AiDocumentReading>> => {
      const answer = (r: ReturnType<typeof readShippingDocument>, by: AiEngine): AiDocumentReading => ({
        id, engine: by, file_name: filename.slice(0, 200), document_kind: r.document_kind, fields: r.fields,
        confidence: r.confidence as Record<string, number>, evidence: r.evidence as Record<string, string>, warnings: r.warnings,
      });
      if (engine.kind === 'builtin') return { output: answer(readShippingDocument(read.lines), engine) };
      // The document's text as the user's message (data, never instructions), at most 60,000 characters of it.
      const text = read.lines.join('\n').slice(0, 60_000);
      const a = await askProvider(ctx.config.ai!, { feature: 'shipment_document', schema: providerDocumentSchema, system: DOCUMENT_SYSTEM_PROMPT, text });
      return { output: answer(readingOfProvider(a.value, read.lines), { ...engine, model: a.model }), tokensIn: a.tokensIn, tokensOut: a.tokensOut, model: a.model };
    });
  });

  api.post('/api/shipments/:id/ai/client-update', {
    config: { access: 'operations.update' },
    schema: {
      tags, params: idParam, body: aiClientUpdateBody,
      summary: 'Draft a status e-mail to the client from the shipment’s events, arrival estimates and open exceptions, in the client’s language (or the one asked for); nothing is sent',
      response: { 201: aiClientUpdateAnswer, 200: aiClientUpdateAnswer, 402: apiErrorSchema, 502: apiErrorSchema, 504: apiErrorSchema },
    },
  }, async (req, reply) => {
    const c = await callerOf(ctx, req);
    const s = await shipmentOf(ctx, c, req.params.id);
    const { language, source } = await languageOf(ctx, c, s, req.body.language);
    return metered(ctx, reply, c, { feature: 'client_update', requestId: req.body.request_id, subject: { type: 'shipment', id: s.id } }, async ({ id, engine }): Promise<RunResult<AiClientUpdate>> => {
      const org = s.organisation_id;
      const [events, estimates, exceptions] = await Promise.all([
        rowsOf<{ code: string; occurred_at: Date | string; location: string | null }>(db, sql`
          select code, occurred_at, location from shipment_events where organisation_id = ${org} and shipment_id = ${s.id} and classifier = 'ACT' and event_type in ('TRANSPORT', 'EQUIPMENT')
           order by occurred_at desc limit 20`),
        rowsOf<{ occurred_at: Date | string }>(db, sql`
          select occurred_at from shipment_events where organisation_id = ${org} and shipment_id = ${s.id} and code = 'ARRI' and classifier = 'EST' order by recorded_at, id`),
        rowsOf<{ kind: ExceptionKind }>(db, sql`select kind from shipment_exceptions where organisation_id = ${org} and shipment_id = ${s.id} and status = 'open' order by raised_at`),
      ]);
      const places = await placeNames(db, [...new Set([s.origin, s.destination, ...events.map((e) => e.location).filter((v): v is string => Boolean(v))])], s.mode);
      const facts: UpdateFacts = {
        client: s.client_name, reference: s.house_ref && s.house_ref !== s.number ? `${s.number} (${s.house_ref})` : s.number, status: s.status,
        origin: places[s.origin] ?? s.origin, destination: places[s.destination] ?? s.destination, vessel: s.vessel,
        etd: asDate(s.etd), atd: asDate(s.atd), eta: asDate(s.eta), etaPlanned: asDate(s.eta_planned), ata: asDate(s.ata),
        events: events.map((e) => ({ code: e.code, occurredAt: new Date(e.occurred_at), place: e.location ? places[e.location] ?? e.location : null })),
        etaEstimates: estimates.map((e) => new Date(e.occurred_at)), exceptions: exceptions.map((e) => e.kind),
        sender: c.member!.user.name, organisation: c.member!.organisation.name,
      };
      const answer = (written: { subject: string; body: string }, by: AiEngine, to: string | null): AiClientUpdate => ({
        id, engine: by, language, language_source: source, to, subject: written.subject, body: written.body,
        facts: { events: events.length, eta_changes: etaChanges(facts), open_exceptions: exceptions.length },
      });
      const to = await clientEmail(ctx, s);
      if (engine.kind === 'builtin') return { output: answer(writeClientUpdate(facts, language), engine, to) };
      // The shipment's record as the user's message: data to write from, never instructions.
      const a = await askProvider(ctx.config.ai!, { feature: 'client_update', schema: providerClientUpdateSchema, system: clientUpdateSystemPrompt(language), text: clientUpdateFactsText(facts) });
      const written = updateOfProvider(a.value, { in: a.tokensIn, out: a.tokensOut });
      return { output: answer(written, { ...engine, model: a.model }, to), tokensIn: a.tokensIn, tokensOut: a.tokensOut, model: a.model };
    });
  });

  api.post('/api/shipments/:id/client-updates', {
    config: { access: 'operations.update' },
    schema: {
      tags: ['shipments'], params: idParam, body: clientUpdateSendBody, response: { 201: envelope(clientUpdateSentSchema) },
      summary: 'Send a client update as the person wrote or edited it, through the product’s mail, from the organisation; the shipment’s audit trail notes it',
    },
  }, async (req, reply) => {
    const c = await callerOf(ctx, req);
    const s = await shipmentOf(ctx, c, req.params.id);
    const m = c.member!;
    const { to, subject, body } = req.body;
    const paragraphs = body.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');
    await ctx.mailer.send({ to, subject, text: body, html: mailLayout(paragraphs, `${m.organisation.name} sends you this about shipment ${s.number}.`) });
    const sentAt = new Date().toISOString();
    await db.transaction((tx) => audit(tx, m.organisation.id, m.user.id, 'shipments', 'client_update', s.id, { to, subject }));
    return reply.status(201).send({ data: { to, subject, sent_at: sentAt } });
  });
}
