import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { envelope } from '#shared/api/errors.ts';
import { applyRateBody } from '#shared/api/rates.ts';
import { quoteCreateBody, quoteDeclineBody, quoteListQuery, quotePageSchema, quotePatchBody, quoteSchema, quoteSendBody, type Quote } from '#shared/api/quotes.ts';
import { mayQuote, STATUS_AFTER, type QuoteAction } from '#shared/quotes/model.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { cursorInvalid, decodeCursor, encodeCursor, fitsColumn } from '../../lib/cursor.ts';
import { escapeLike, pgCode } from '../../lib/sql-text.ts';
import { requireMember, requirePermission, type Membership } from '../organisations/membership.ts';
import { acceptQuote, auditQuote, clientOf, decide, draftOf, freezeRates, hashToken, loadQuote, newToken, nextQuoteNumber, presentSummary, recipientOf, today, writeQuote, type QuoteDraft, type QuoteRow, syncQuoteDeal, emitQuote, quoteAnswer } from './service.ts';
import { organisationHeader } from '../operations/documents.ts';
import { defineQuoteJobs } from './jobs.ts';
import { PDF_LANGUAGES, renderQuotePdf } from './pdf.ts';
import { quoteMail } from './mail.ts';
import { linesFromRate } from './apply-rate.ts';

const idParam = z.object({ id: z.uuid() });
const one = { 200: envelope(quoteSchema) };
const created = { 201: envelope(quoteSchema) };
const DONE: Record<QuoteAction, string> = {
  send: 'sent', accept: 'accepted', decline: 'declined', cancel: 'cancelled', expire: 'expired', revise: 'revised', duplicate: 'duplicated', edit: 'edited (revise it instead)',
};

/**
 * Quotations (issue 11, item 6): the server works out and stores every figure
 * (src/shared/quotes/calc.ts) with exchange rates frozen on the quote; a sent quote changes only
 * as a new revision. Permission module `quotes`.
 */
export function registerQuoteRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['quotes'];
  defineQuoteJobs(ctx);

  async function member(req: Parameters<typeof requireMember>[1], action: 'view' | 'create' | 'update'): Promise<Membership> {
    const m = await requireMember(ctx, req);
    requirePermission(m, `quotes.${action}`);
    return m;
  }

  /** A charge code of another organisation (or none) fails its composite foreign key. */
  const writeFailure = (err: unknown): never => {
    if (pgCode(err) === '23503') throw new AppError(422, 'validation_failed', 'A charge code of the lines is not one of yours.', { lines: 'Unknown charge code.' });
    throw err;
  };

  /** Writes a whole quote from a draft in `tx`: client checked, rates frozen (kept where already frozen), figures worked out. */
  async function save(tx: Tx, m: Membership, draft: QuoteDraft, base: { id: string; number: string; revision: number; revises_id: string | null; quote_date: string; created_by: string; owner_user_id: string | null }, frozen: QuoteRow['rates'], update: boolean) {
    const client = await clientOf(tx, m.organisation.id, draft.client, draft.contact_id);
    if (draft.valid_until < base.quote_date) throw new AppError(422, 'validation_failed', 'The quote must be valid at least until the day it is written.', { valid_until: 'Before the quote date.' });
    const rates = await freezeRates(tx, m.organisation.id, draft, base.quote_date, frozen);
    await writeQuote(tx, { organisation_id: m.organisation.id, ...base, status: 'draft', client_type: draft.client.type, client_id: draft.client.id, client_name: client.name, mode: draft.mode, origin: draft.origin, destination: draft.destination, currency: draft.currency, valid_until: draft.valid_until }, draft, rates, update);
    return client.credit_status === 'hold' ? (['credit_hold'] as Quote['warnings']) : [];
  }

  async function answer(organisationId: string, id: string, warnings: Quote['warnings'] = []) {
    const data = await quoteAnswer(db, organisationId, id, warnings);
    if (!data) throw notFound('The quote');
    return { data };
  }

  api.get('/api/quotes', {
    config: { access: 'quotes.view' },
    schema: { tags, summary: 'The organisation’s quotes, newest first (keyset pages)', querystring: quoteListQuery, response: { 200: quotePageSchema } },
  }, async (req) => {
    const m = await member(req, 'view');
    const { status, q, client_id, cursor, limit } = req.query;
    let after = sql``;
    if (cursor) {
      const [at, id] = decodeCursor(cursor);
      if (!fitsColumn(at, 'time')) throw cursorInvalid();
      after = sql`and (created_at, id) < (${at}::timestamptz, ${id}::uuid)`;
    }
    const term = q?.toLowerCase();
    const found = await rowsOf<QuoteRow>(db, sql`
      select * from quotes where organisation_id = ${m.organisation.id}
        ${status ? sql`and status = ${status}` : sql``}
        ${client_id ? sql`and client_id = ${client_id}` : sql``}
        ${term ? sql`and search_text like ${`%${escapeLike(term)}%`}` : sql``}
        ${after}
       order by created_at desc, id desc limit ${limit}`);
    const last = found.at(-1);
    return { data: found.map(presentSummary), meta: { next_cursor: last && found.length === limit ? encodeCursor(new Date(last.created_at).toISOString(), last.id) : null } };
  });

  api.post('/api/quotes', {
    config: { access: 'quotes.create' },
    schema: { tags, summary: 'Write a quote (a draft): the server works out measures, quantities, totals and margin', body: quoteCreateBody, response: created },
  }, async (req, reply) => {
    const m = await member(req, 'create');
    const id = uuidv7();
    const quoteDate = today();
    const warnings = await db
      .transaction(async (tx) => {
        const number = await nextQuoteNumber(tx, m.organisation.id, quoteDate);
        const w = await save(tx, m, req.body as QuoteDraft, { id, number, revision: 1, revises_id: null, quote_date: quoteDate, created_by: m.user.id, owner_user_id: m.user.id }, [], false);
        await auditQuote(tx, m.organisation.id, m.user.id, 'create', id, { number });
        return w;
      })
      .catch(writeFailure);
    return reply.status(201).send(await answer(m.organisation.id, id, warnings));
  });

  api.get('/api/quotes/:id', {
    config: { access: 'quotes.view' },
    schema: { tags, summary: 'One quote with its lines, totals and frozen rates', params: idParam, response: one },
  }, async (req) => {
    const m = await member(req, 'view');
    return answer(m.organisation.id, req.params.id);
  });

  api.get('/api/quotes/:id/pdf', {
    config: { access: 'quotes.view' },
    schema: {
      tags, summary: 'The quote as a PDF for the client (organisation logo, the offer in the quote currency; labels in `lang`)', params: idParam,
      querystring: z.object({ lang: z.enum(PDF_LANGUAGES).default('en') }), produces: ['application/pdf'],
    },
  }, async (req, reply) => {
    const m = await member(req, 'view');
    const { data: quote } = await answer(m.organisation.id, req.params.id);
    const codes = await rowsOf<{ id: string; name: string }>(db, sql`select id, name from charge_codes where organisation_id = ${m.organisation.id}`);
    const pdf = await renderQuotePdf({ quote, organisation: await organisationHeader(ctx, m.organisation.id), charges: Object.fromEntries(codes.map((c) => [c.id, c.name])), language: req.query.lang });
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${quote.number}${quote.revision > 1 ? `-r${quote.revision}` : ''}.pdf"`).send(pdf);
  });

  /** Loads a quote locked in `tx`, or 404; refuses an action its status does not allow (409 invalid_transition). */
  async function lockFor(tx: Tx, m: Membership, id: string, action: QuoteAction) {
    const loaded = await loadQuote(tx, m.organisation.id, id, true);
    if (!loaded) throw notFound('The quote');
    if (!mayQuote(action, loaded.quote.status)) {
      throw new AppError(409, 'invalid_transition', `A ${loaded.quote.status} quote cannot be ${DONE[action]}.`);
    }
    return loaded;
  }

  api.patch('/api/quotes/:id', {
    config: { access: 'quotes.update' },
    schema: { tags, summary: 'Change a draft quote (same fields as the create); its figures are worked out again', params: idParam, body: quotePatchBody, response: one },
  }, async (req) => {
    const m = await member(req, 'update');
    const warnings = await db
      .transaction(async (tx) => {
        const { quote, lines } = await lockFor(tx, m, req.params.id, 'edit');
        const draft = { ...draftOf(quote, lines), ...(req.body as Partial<QuoteDraft>) };
        // A new quote currency converts every line afresh; otherwise the frozen rates stay.
        const frozen = draft.currency === quote.currency ? quote.rates : [];
        const w = await save(tx, m, draft, { id: quote.id, number: quote.number, revision: quote.revision, revises_id: quote.revises_id, quote_date: String(quote.quote_date).slice(0, 10), created_by: quote.created_by ?? m.user.id, owner_user_id: quote.owner_user_id }, frozen, true);
        await auditQuote(tx, m.organisation.id, m.user.id, 'update', quote.id, { fields: Object.keys(req.body) });
        return w;
      })
      .catch(writeFailure);
    return answer(m.organisation.id, req.params.id, warnings);
  });

  /** accept, decline, cancel: a status change recorded by the organisation's staff (accepting makes the booking). */
  function transition(action: 'accept' | 'decline' | 'cancel', summary: string) {
    const body = action === 'decline' ? { body: quoteDeclineBody } : {};
    api.post(`/api/quotes/:id/${action}`, {
      config: { access: 'quotes.update' },
      schema: { tags, summary, params: idParam, ...body, response: one },
    }, async (req) => {
      const m = await member(req, 'update');
      await db.transaction(async (tx) => {
        const { quote, lines } = await lockFor(tx, m, req.params.id, action);
        if (action === 'accept') {
          await acceptQuote(tx, quote, lines, m.user.id);
        } else {
          const reason = action === 'decline' ? (req.body as { reason: string }).reason : null;
          await decide(tx, quote, action === 'decline' ? 'declined' : 'cancelled', reason);
        }
        await auditQuote(tx, m.organisation.id, m.user.id, action, quote.id, { from: quote.status, to: STATUS_AFTER[action] });
      });
      return answer(m.organisation.id, req.params.id);
    });
  }
  transition('accept', 'Record the client’s acceptance of a sent quote: makes its booking (status received)');
  transition('decline', 'Record that the client declined a sent quote, with the reason');
  transition('cancel', 'Cancel a draft or sent quote');

  api.post('/api/quotes/:id/send', {
    config: { access: 'quotes.update' },
    schema: { tags, summary: 'Send a draft quote: e-mails the client a link (APP_URL/quote/<token>) to accept or decline it without an account', params: idParam, body: quoteSendBody, response: one },
  }, async (req) => {
    const m = await member(req, 'update');
    const token = newToken();
    const mail = await db.transaction(async (tx) => {
      const { quote } = await lockFor(tx, m, req.params.id, 'send');
      await clientOf(tx, m.organisation.id, { type: quote.client_type, id: quote.client_id }, null);
      const to = req.body.email ?? (await recipientOf(tx, quote));
      if (!to) throw new AppError(422, 'recipient_missing', 'Neither the contact nor the client has an e-mail address: add one, or give the address to send to.', { email: 'Give an address.' });
      const now = new Date();
      await tx.execute(sql`update quotes set status = 'sent', sent_at = ${now}, link_hash = ${hashToken(token)}, updated_at = ${now} where organisation_id = ${m.organisation.id} and id = ${quote.id}`);
      await auditQuote(tx, m.organisation.id, m.user.id, 'send', quote.id, { to });
      await syncQuoteDeal(tx, quote, 'sent');
      await emitQuote(tx, 'quote.sent', m.organisation.id, quote.id);
      return quoteMail(to, m.organisation.name, m.user.name, quote, `${ctx.config.appUrl}/quote/${token}`);
    });
    // After the commit: a link that reaches the client always works.
    await ctx.mailer.send(mail);
    return answer(m.organisation.id, req.params.id);
  });

  api.post('/api/quotes/:id/apply-rate', {
    config: { access: 'quotes.update' },
    schema: { tags, summary: 'Fill a draft quote’s charges from a buy rate, marked up by the sell rules (the most specific rule per line)', params: idParam, body: applyRateBody, response: one },
  }, async (req) => {
    const m = await member(req, 'update');
    const warnings = await db
      .transaction(async (tx) => {
        const { quote, lines } = await lockFor(tx, m, req.params.id, 'edit');
        const draft = draftOf(quote, lines);
        draft.lines = await linesFromRate(tx, m.organisation.id, quote, req.body.rate_id);
        const w = await save(tx, m, draft, { id: quote.id, number: quote.number, revision: quote.revision, revises_id: quote.revises_id, quote_date: String(quote.quote_date).slice(0, 10), created_by: quote.created_by ?? m.user.id, owner_user_id: quote.owner_user_id }, quote.rates, true);
        await auditQuote(tx, m.organisation.id, m.user.id, 'apply_rate', quote.id, { rate_id: req.body.rate_id, lines: draft.lines.length });
        return w;
      })
      .catch(writeFailure);
    return answer(m.organisation.id, req.params.id, warnings);
  });

  /** duplicate (a new quote, new number) and revise (the same number, next revision; the old one is cancelled). */
  function copy(action: 'duplicate' | 'revise', summary: string) {
    api.post(`/api/quotes/:id/${action}`, {
      config: { access: 'quotes.create' },
      schema: { tags, summary, params: idParam, response: created },
    }, async (req, reply) => {
      const m = await member(req, 'create');
      const id = uuidv7();
      const quoteDate = today();
      const warnings = await db
        .transaction(async (tx) => {
          const { quote, lines } = await lockFor(tx, m, req.params.id, action);
          const draft = draftOf(quote, lines);
          // Rates are frozen afresh on the new day; an expired validity moves on by the original span.
          if (draft.valid_until < quoteDate) {
            const span = (Date.parse(draft.valid_until) - Date.parse(String(quote.quote_date).slice(0, 10))) / 86_400_000;
            draft.valid_until = new Date(Date.parse(quoteDate) + Math.max(span, 0) * 86_400_000).toISOString().slice(0, 10);
          }
          const revise = action === 'revise';
          const [latest] = revise ? await rowsOf<{ revision: number }>(tx, sql`select max(revision)::int as revision from quotes where organisation_id = ${m.organisation.id} and number = ${quote.number}`) : [];
          const number = revise ? quote.number : await nextQuoteNumber(tx, m.organisation.id, quoteDate);
          const revision = revise ? latest.revision + 1 : 1;
          const w = await save(tx, m, draft, { id, number, revision, revises_id: revise ? quote.id : null, quote_date: quoteDate, created_by: m.user.id, owner_user_id: quote.owner_user_id ?? m.user.id }, [], false);
          if (revise && quote.status === 'sent') {
            await tx.execute(sql`update quotes set status = 'cancelled', updated_at = now() where organisation_id = ${m.organisation.id} and id = ${quote.id}`);
          }
          await auditQuote(tx, m.organisation.id, m.user.id, action, id, { from: quote.id, number, revision });
          return w;
        })
        .catch(writeFailure);
      return reply.status(201).send(await answer(m.organisation.id, id, warnings));
    });
  }
  copy('duplicate', 'Copy a quote as a new draft with a new number and today’s rates');
  copy('revise', 'Write the next revision of a sent, declined or expired quote as a draft (a sent one is cancelled)');
}
