import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { apiErrorSchema } from '#shared/api/errors.ts';
import { aiQuoteDraftAnswer, aiQuoteDraftBody, type AiQuoteDraft } from '#shared/api/ai.ts';
import { AI_PRICES } from '#shared/ai/prices.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { requirePermission } from '../organisations/membership.ts';
import { charge, finishCall, refundCall } from './credits.ts';
import { extractEnquiry, type ClientLookup } from './builtin/enquiry.ts';
import { placeLookup } from './builtin/evaluate.ts';
import { callerOf, capOf, engineOf } from './routes.ts';

/**
 * The client of an enquiry among the organisation's CRM records: a contact with the sender's
 * e-mail address, a company whose e-mail or website has the sender's domain, else a company whose
 * name the text contains (the longest). Free mail domains say nothing of the company. Unmatched, the
 * sender's name is offered without a record, for the person to choose.
 */
export const clientLookup = (database: Database, organisationId: string): ClientLookup => async ({ domains, text, names }) => {
  const db = database.db;
  const emails = [...text.matchAll(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g)].map((m) => m[0].toLowerCase());
  for (const email of emails) {
    const [row] = await rowsOf<{ id: string; name: string; email: string | null }>(db, sql`
      select n.id, n.name, c.email from native_contacts c join native_organisations n on n.organisation_id = c.organisation_id and n.id = c.native_organisation_id
       where c.organisation_id = ${organisationId} and lower(c.email) = ${email} limit 1`);
    if (row) return { type: 'native_organisation', id: row.id, name: row.name, email: row.email };
  }
  for (const domain of domains) {
    const [row] = await rowsOf<{ id: string; name: string; email: string | null }>(db, sql`
      select id, name, email from native_organisations
       where organisation_id = ${organisationId} and (lower(email) like ${`%@${domain}`} or lower(website) ~ ${`^(https?://)?(www\\.)?${domain.replace(/[.]/g, '\\.')}(/|$)`})
       order by name limit 1`);
    if (row) return { type: 'native_organisation', id: row.id, name: row.name, email: emails.find((e) => e.endsWith(`@${domain}`)) ?? row.email };
  }
  const [named] = await rowsOf<{ id: string; name: string; email: string | null }>(db, sql`
    select id, name, email from native_organisations
     where organisation_id = ${organisationId} and length(name) >= 4 and position(lower(name) in ${text.toLowerCase()}) > 0
     order by length(name) desc limit 1`);
  if (named) return { type: 'native_organisation', id: named.id, name: named.name, email: named.email };
  return names[0] ? { type: null, id: null, name: names[0], email: emails[0] ?? null } : null;
};

export function registerQuoteDraftRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/api/ai/quote-drafts', {
    config: { access: 'quotes.create' },
    schema: {
      tags: ['ai'],
      summary: 'Read an enquiry (pasted text or an .eml/.txt file’s text) into the fields of a quote, each with its confidence and the words it came from; nothing is sent, nothing is saved as a quote',
      body: aiQuoteDraftBody,
      response: { 201: aiQuoteDraftAnswer, 200: aiQuoteDraftAnswer, 402: apiErrorSchema },
    },
  }, async (req, reply) => {
    const c = await callerOf(ctx, req);
    requirePermission(c.member!, 'quotes.create');
    const engine = engineOf(ctx);
    const requestId = req.body.request_id ?? uuidv7();
    const charged = await charge(ctx, {
      account: c.account, userId: c.userId, feature: 'quote_draft', cost: AI_PRICES.quote_draft[engine.kind], requestId, engine: engine.kind, model: engine.model, memberCap: await capOf(ctx, c),
    });
    if (charged.replay) {
      const r = charged.replay;
      if (r.status === 'ok' && r.output) return reply.status(200).send({ data: r.output as AiQuoteDraft, credits_used: 0 });
      throw new AppError(409, r.status === 'running' ? 'request_running' : 'request_failed', r.status === 'running' ? 'This request is still being answered.' : 'This request failed and its credits were refunded: send it again with a new request id.');
    }
    const started = performance.now();
    let draft: AiQuoteDraft;
    try {
      const x = await extractEnquiry(req.body.text, { now: new Date(), place: placeLookup(ctx.database), client: clientLookup(ctx.database, c.member!.organisation.id) });
      draft = { id: charged.callId, engine, fields: x.fields, confidence: x.confidence as Record<string, number>, evidence: x.evidence as Record<string, string>, warnings: x.warnings };
    } catch (err) {
      await refundCall(ctx, c.account, charged.callId, 'the engine failed', Math.round(performance.now() - started));
      throw err;
    }
    await finishCall(ctx, charged.callId, { output: draft, durationMs: Math.round(performance.now() - started) });
    return reply.status(201).send({ data: draft, credits_used: charged.credits });
  });
}
