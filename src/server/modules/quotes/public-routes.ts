import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { envelope } from '#shared/api/errors.ts';
import { publicQuoteSchema, publicTokenParam, quoteDeclineBody, type PublicQuote } from '#shared/api/quotes.ts';
import type { AppContext } from '../../context.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { notify } from '../notifications/notify.ts';
import { acceptQuote, auditQuote, decide, hashToken, loadQuote, today, type LineRow, type QuoteRow } from './service.ts';
import { placeNames } from '../locations/place-names.ts';

/** A link stays readable this long after the quote's last valid day (the client may look back at what they accepted). */
const READABLE_DAYS = 90;
/** Per address and minute, on top of the API's coarse limit: a token cannot be guessed, but nobody needs more. */
const rateLimit = { max: 30, timeWindow: '1 minute' };
const one = { 200: envelope(publicQuoteSchema) };
const notFound = () => new AppError(404, 'quote_link_invalid', 'This quotation link is not valid (any more). Ask the sender for a new one.');

/**
 * The client's side of a quote (issue 11, item 6): no account, only the link's token, stored
 * hashed. Shows the offer, never buy rates or margins; accepting makes the booking once.
 */
export function registerPublicQuoteRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const tags = ['public'];

  async function byToken(tx: Tx | typeof db, token: string, lock = false): Promise<{ quote: QuoteRow; lines: LineRow[] }> {
    const [row] = await rowsOf<{ organisation_id: string; id: string }>(tx, sql`
      select organisation_id, id from quotes where link_hash = ${hashToken(token)} and valid_until + ${READABLE_DAYS}::int >= current_date`);
    const loaded = row && (await loadQuote(tx, row.organisation_id, row.id, lock));
    if (!loaded) throw notFound();
    return loaded;
  }

  async function present({ quote: q, lines }: { quote: QuoteRow; lines: LineRow[] }): Promise<PublicQuote> {
    const [org] = await rowsOf<{ name: string; logo: string | null }>(db, sql`select name, logo from organisations where id = ${q.organisation_id}`);
    const places = await placeNames(db, [q.origin, q.destination], q.mode);
    const place = (code: string) => ({ code, name: places[code] ?? null });
    const codes = await rowsOf<{ id: string; name: string }>(db, sql`select id, name from charge_codes where organisation_id = ${q.organisation_id}`);
    const day = (d: unknown) => String(d instanceof Date ? d.toISOString() : d).slice(0, 10);
    return {
      organisation: { name: org.name, logo_url: org.logo },
      number: q.number, revision: q.revision, status: q.status, client_name: q.client_name, mode: q.mode, incoterm: q.incoterm,
      origin: place(q.origin), destination: place(q.destination), quote_date: day(q.quote_date), valid_until: day(q.valid_until),
      cargo: q.cargo, equipment: q.equipment, weight_kg: q.weight_kg, volume_cbm: q.volume_cbm, chargeable_weight_kg: q.chargeable_weight_kg, notes: q.notes,
      lines: lines.map((l) => ({
        name: l.description ?? codes.find((c) => c.id === l.charge_code_id)?.name ?? l.basis,
        basis: l.basis as PublicQuote['lines'][number]['basis'], quantity: l.quantity,
        sell: { amount_minor: Number(l.sell_amount_minor), currency: l.sell_currency }, sell_total_minor: Number(l.sell_total_minor), sell_in_quote_minor: Number(l.sell_in_quote_minor),
      })),
      total: { currency: q.currency, sell_minor: Number(q.sell_minor) },
      emissions: q.emissions ?? null,
      emissions_unavailable: q.emissions_unavailable ?? null,
      decline_reason: q.decline_reason,
      decided_at: q.decided_at ? new Date(q.decided_at).toISOString() : null,
      open: q.status === 'sent' && day(q.valid_until) >= today(),
    };
  }

  /** Tells the quote's owner what the client decided. */
  const tellOwner = (tx: Tx, q: QuoteRow, type: 'quote_accepted' | 'quote_declined') =>
    q.owner_user_id
      ? notify(tx, { userId: q.owner_user_id, organisationId: q.organisation_id, type, subject: { type: 'quote', id: q.id }, data: { number: q.number, client: q.client_name, valid_until: String(q.valid_until).slice(0, 10) } })
      : Promise.resolve();

  api.get('/api/public/quotes/:token', {
    config: { access: 'public', rateLimit },
    schema: { tags, summary: 'A quotation as its client sees it through the e-mailed link (no login)', params: publicTokenParam, response: one },
  }, async (req) => ({ data: await present(await byToken(db, req.params.token)) }));

  /** accept or decline by the client: once; the same answer again changes nothing. */
  function decision(action: 'accept' | 'decline') {
    api.post(`/api/public/quotes/:token/${action}`, {
      config: { access: 'public', rateLimit },
      schema: {
        tags, summary: action === 'accept' ? 'The client accepts the quotation: its booking is made (once)' : 'The client declines the quotation, with a reason',
        params: publicTokenParam, ...(action === 'decline' && { body: quoteDeclineBody }), response: one,
      },
    }, async (req) => {
      const done = action === 'accept' ? 'accepted' : 'declined';
      const id = await db.transaction(async (tx) => {
        const { quote, lines } = await byToken(tx, req.params.token, true);
        if (quote.status === done) return quote.id;
        if (quote.status !== 'sent') throw new AppError(409, 'invalid_transition', `This quotation is ${quote.status}: it cannot be ${done} any more.`);
        if (String(quote.valid_until).slice(0, 10) < today()) throw new AppError(409, 'quote_expired', 'This quotation is no longer valid. Ask the sender for a new one.');
        if (action === 'accept') await acceptQuote(tx, quote, lines, null);
        else await decide(tx, quote, 'declined', (req.body as { reason: string }).reason);
        await auditQuote(tx, quote.organisation_id, null, `client_${action}`, quote.id, { from: 'sent', to: done });
        await tellOwner(tx, quote, action === 'accept' ? 'quote_accepted' : 'quote_declined');
        return quote.id;
      });
      const [row] = await rowsOf<{ organisation_id: string }>(db, sql`select organisation_id from quotes where id = ${id}`);
      return { data: await present((await loadQuote(db, row.organisation_id, id))!) };
    });
  }
  decision('accept');
  decision('decline');
}
