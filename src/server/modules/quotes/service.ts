import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Quote, QuoteSummary } from '#shared/api/quotes.ts';
import { rateText } from '#shared/money/amounts.ts';
import { measure, priceLines, QuoteCalcError, type CargoLine, type EquipmentLine, type LineInput } from '#shared/quotes/calc.ts';
import type { ChargeBasis, QuoteClientType, QuoteMode } from '#shared/quotes/model.ts';
import { rowsOf, type Database, type Db, type Tx } from '../../db/client.ts';
import { auditEvents, bookings, quoteLines, quotes, type FrozenRate } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { nextNumber } from '../../lib/number-sequences.ts';
import { checkReferenceCodes, firstStage } from '../crm/service.ts';
import { pairOf } from '../connections/rules.ts';
import { rateOn } from '../exchange/service.ts';
import { emissionsOf } from './emissions.ts';
import { placeNames } from '../locations/place-names.ts';
import { attachTasks } from '../operations/service.ts';
import { emitBooking } from '../operations/bookings.ts';
import { emitEvent, type EventType } from '../developers/webhooks.ts';

export type QuoteRow = typeof quotes.$inferSelect;
export type LineRow = typeof quoteLines.$inferSelect;

/** What a quote is made of, as the create body has it once validated (and a PATCH merged in). */
export type QuoteDraft = {
  client: { type: QuoteClientType; id: string };
  contact_id: string | null;
  mode: QuoteMode;
  incoterm: string | null;
  origin: string;
  destination: string;
  currency: string;
  valid_until: string;
  cargo: CargoLine[];
  equipment: EquipmentLine[];
  lines: (LineInput & { charge_code_id: string | null; description: string | null })[];
  notes: string | null;
};

export const today = () => new Date().toISOString().slice(0, 10);

/** Q-2026-00042: the quote sequence runs per calendar year. */
export async function nextQuoteNumber(tx: Tx, organisationId: string, day: string): Promise<string> {
  const year = day.slice(0, 4);
  const n = await nextNumber(tx, organisationId, `quote:${year}`);
  return `Q-${year}-${String(n).padStart(5, '0')}`;
}

type Client = { name: string; credit_status: string | null };

/**
 * The client of a quote: one of the organisation's native organisations, or an organisation it is
 * connected with. A client on credit `stop` is refused; `hold` is a warning.
 */
export async function clientOf(tx: Tx | Database['db'], organisationId: string, client: { type: QuoteClientType; id: string }, contactId: string | null): Promise<Client> {
  let found: Client | undefined;
  if (client.type === 'native_organisation') {
    [found] = await rowsOf<Client>(tx, sql`select name, credit_status from native_organisations where organisation_id = ${organisationId} and id = ${client.id}`);
  } else {
    const { pair_low, pair_high } = pairOf({ type: 'organisation', id: organisationId }, { type: 'organisation', id: client.id });
    [found] = await rowsOf<Client>(tx, sql`
      select o.name, null as credit_status from organisations o
       where o.id = ${client.id} and exists (select 1 from connections c where c.pair_low = ${pair_low} and c.pair_high = ${pair_high} and c.status = 'connected')`);
  }
  if (!found) throw new AppError(422, 'client_invalid', 'Choose a client: one of your native organisations or an organisation you are connected with.', { client: 'Not one of your clients.' });
  if (found.credit_status === 'stop') throw new AppError(409, 'credit_stop', `${found.name} is on credit stop: no new quotes until their credit status changes.`, { client: 'This client is on credit stop.' });
  if (contactId) {
    const [contact] =
      client.type === 'native_organisation'
        ? await rowsOf(tx, sql`select 1 from native_contacts where organisation_id = ${organisationId} and id = ${contactId} and native_organisation_id = ${client.id}`)
        : await rowsOf(tx, sql`select 1 from organisation_members where organisation_id = ${client.id} and user_id = ${contactId} and status = 'active'`);
    if (!contact) throw new AppError(422, 'contact_invalid', 'The contact does not belong to the client.', { contact_id: 'Not a contact of this client.' });
  }
  return found;
}

/**
 * The rates a quote converts with: those already frozen on it stay; a currency without one gets
 * the organisation's own rate of the quote's date, else ECB's (exchange/service.ts).
 */
export async function freezeRates(tx: Tx, organisationId: string, draft: QuoteDraft, day: string, frozen: FrozenRate[]): Promise<FrozenRate[]> {
  const needed = [...new Set(draft.lines.flatMap((l) => [l.buy.currency, l.sell.currency]))].filter((c) => c !== draft.currency).sort();
  const out: FrozenRate[] = [];
  for (const from of needed) {
    const kept = frozen.find((r) => r.from === from);
    if (kept) {
      out.push(kept);
      continue;
    }
    const found = await rateOn(tx, organisationId, from, draft.currency, day);
    if (!found) {
      const line = draft.lines.findIndex((l) => l.buy.currency === from || l.sell.currency === from);
      throw new AppError(422, 'exchange_rate_missing', `No exchange rate from ${from} to ${draft.currency} is known for ${day}: add one in the control centre.`, {
        [`lines.${line}`]: `No rate from ${from} to ${draft.currency}.`,
      });
    }
    out.push({ from, times: found.rate.times, per: found.rate.per, rate: rateText(found.rate), source: found.source, rate_date: found.rate_date });
  }
  return out;
}

/** The stored figures of a draft: measures, priced lines and totals. */
export function figuresOf(draft: QuoteDraft, rates: FrozenRate[]) {
  const m = measure(draft.mode, draft.cargo, draft.equipment);
  try {
    const priced = priceLines(draft.lines, m, draft.currency, Object.fromEntries(rates.map((r) => [r.from, { times: r.times, per: r.per }])));
    return { measures: m, ...priced };
  } catch (err) {
    if (err instanceof QuoteCalcError) throw new AppError(422, err.code, err.message, err.line === undefined ? undefined : { [`lines.${err.line}.quantity`]: err.message });
    throw err;
  }
}

/** Writes a quote's row and lines (a new row, or the same id again after its lines were deleted). */
export async function writeQuote(
  tx: Tx,
  row: Omit<typeof quotes.$inferInsert, 'weight_kg' | 'volume_cbm' | 'chargeable_weight_kg' | 'revenue_tonnes'>,
  draft: QuoteDraft,
  rates: FrozenRate[],
  update: boolean,
): Promise<void> {
  await checkReferenceCodes(tx, row.organisation_id, {
    mode: draft.mode,
    incoterm: draft.incoterm,
    equipment: draft.equipment.map((e, i) => ({ field: `equipment.${i}.iso_type`, code: e.iso_type })),
  });
  const f = figuresOf(draft, rates);
  const values = {
    ...row,
    client_type: draft.client.type,
    client_id: draft.client.id,
    contact_id: draft.contact_id,
    mode: draft.mode,
    incoterm: draft.incoterm,
    origin: draft.origin,
    destination: draft.destination,
    currency: draft.currency,
    valid_until: draft.valid_until,
    cargo: draft.cargo,
    equipment: draft.equipment,
    notes: draft.notes,
    weight_kg: f.measures.weight_kg,
    volume_cbm: f.measures.volume_cbm,
    chargeable_weight_kg: f.measures.chargeable_weight_kg,
    revenue_tonnes: f.measures.revenue_tonnes,
    rates,
    sell_minor: f.totals.sell_minor,
    buy_minor: f.totals.buy_minor,
    margin_minor: f.totals.margin_minor,
    margin_pct: f.totals.margin_pct,
    by_currency: f.totals.by_currency,
    ...(await emissionsOf(tx, draft.mode, draft.origin, draft.destination, f.measures, draft.equipment).then((e) => ({ emissions: e.emissions, emissions_unavailable: e.unavailable }))),
  };
  if (update) {
    await tx.update(quotes).set({ ...values, updated_at: new Date() }).where(and(eq(quotes.organisation_id, row.organisation_id), eq(quotes.id, row.id)));
    await tx.delete(quoteLines).where(and(eq(quoteLines.organisation_id, row.organisation_id), eq(quoteLines.quote_id, row.id)));
  } else {
    await tx.insert(quotes).values(values);
  }
  if (draft.lines.length) {
    await tx.insert(quoteLines).values(
      draft.lines.map((l, i) => ({
        organisation_id: row.organisation_id,
        quote_id: row.id,
        position: i + 1,
        charge_code_id: l.charge_code_id,
        description: l.description,
        basis: l.basis,
        quantity_given: l.quantity ?? null,
        quantity: f.lines[i].quantity,
        buy_amount_minor: l.buy.amount_minor,
        buy_currency: l.buy.currency,
        sell_amount_minor: l.sell.amount_minor,
        sell_currency: l.sell.currency,
        buy_total_minor: f.lines[i].buy_total_minor,
        sell_total_minor: f.lines[i].sell_total_minor,
        rate_to_quote: f.lines[i].rate_to_quote,
        buy_rate_to_quote: f.lines[i].buy_rate_to_quote,
        sell_in_quote_minor: f.lines[i].sell_in_quote_minor,
        buy_in_quote_minor: f.lines[i].buy_in_quote_minor,
      })),
    );
  }
}

/** A stored quote as a draft again (to merge a PATCH into, or to copy). */
export function draftOf(q: QuoteRow, lines: LineRow[]): QuoteDraft {
  return {
    client: { type: q.client_type, id: q.client_id },
    contact_id: q.contact_id,
    mode: q.mode,
    incoterm: q.incoterm,
    origin: q.origin,
    destination: q.destination,
    currency: q.currency,
    valid_until: q.valid_until,
    cargo: q.cargo,
    equipment: q.equipment,
    notes: q.notes,
    lines: lines.map((l) => ({
      charge_code_id: l.charge_code_id,
      description: l.description,
      basis: l.basis as ChargeBasis,
      quantity: l.quantity_given,
      buy: { amount_minor: l.buy_amount_minor, currency: l.buy_currency },
      sell: { amount_minor: l.sell_amount_minor, currency: l.sell_currency },
    })),
  };
}

export async function loadQuote(db: Tx | Database['db'], organisationId: string, id: string, lock = false): Promise<{ quote: QuoteRow; lines: LineRow[] } | null> {
  const [quote] = await rowsOf<QuoteRow>(db, sql`select * from quotes where organisation_id = ${organisationId} and id = ${id} ${lock ? sql`for update` : sql``}`);
  if (!quote) return null;
  const lines = await db.select().from(quoteLines).where(and(eq(quoteLines.organisation_id, organisationId), eq(quoteLines.quote_id, id))).orderBy(asc(quoteLines.position));
  return { quote: { ...quote, cargo: quote.cargo ?? [], equipment: quote.equipment ?? [] }, lines };
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const day = (d: Date | string) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));
const num = (v: number | string) => Number(v);

export function presentQuote(q: QuoteRow, lines: LineRow[], warnings: Quote['warnings'] = [], places: Record<string, string> = {}): Quote {
  return {
    id: q.id,
    number: q.number,
    revision: q.revision,
    revises_id: q.revises_id,
    status: q.status,
    client: { type: q.client_type, id: q.client_id, name: q.client_name },
    contact_id: q.contact_id,
    mode: q.mode,
    incoterm: q.incoterm,
    origin: q.origin,
    destination: q.destination,
    origin_name: places[q.origin] ?? null,
    destination_name: places[q.destination] ?? null,
    currency: q.currency,
    quote_date: day(q.quote_date),
    valid_until: day(q.valid_until),
    cargo: q.cargo,
    equipment: q.equipment,
    notes: q.notes,
    weight_kg: q.weight_kg,
    volume_cbm: q.volume_cbm,
    chargeable_weight_kg: q.chargeable_weight_kg,
    revenue_tonnes: q.revenue_tonnes,
    lines: lines.map((l) => ({
      position: l.position,
      charge_code_id: l.charge_code_id,
      description: l.description,
      basis: l.basis as ChargeBasis,
      quantity: l.quantity,
      quantity_given: l.quantity_given !== null,
      buy: { amount_minor: num(l.buy_amount_minor), currency: l.buy_currency },
      sell: { amount_minor: num(l.sell_amount_minor), currency: l.sell_currency },
      buy_total_minor: num(l.buy_total_minor),
      sell_total_minor: num(l.sell_total_minor),
      rate_to_quote: l.rate_to_quote,
      buy_rate_to_quote: l.buy_rate_to_quote,
      sell_in_quote_minor: num(l.sell_in_quote_minor),
      buy_in_quote_minor: num(l.buy_in_quote_minor),
    })),
    totals: {
      currency: q.currency,
      sell_minor: num(q.sell_minor),
      buy_minor: num(q.buy_minor),
      margin_minor: num(q.margin_minor),
      margin_pct: q.margin_pct,
      by_currency: q.by_currency,
    },
    rates: q.rates.map((r) => ({ from: r.from, rate: r.rate, source: r.source, rate_date: r.rate_date })),
    emissions: q.emissions ?? null,
    emissions_unavailable: q.emissions_unavailable ?? null,
    decline_reason: q.decline_reason,
    booking_id: q.booking_id,
    owner_user_id: q.owner_user_id,
    sent_at: iso(q.sent_at),
    decided_at: iso(q.decided_at),
    created_at: iso(q.created_at)!,
    updated_at: iso(q.updated_at)!,
    warnings,
  };
}

export function presentSummary(q: QuoteRow): QuoteSummary {
  return {
    id: q.id, number: q.number, revision: q.revision, status: q.status, client: { type: q.client_type, id: q.client_id, name: q.client_name },
    mode: q.mode, origin: q.origin, destination: q.destination, currency: q.currency, valid_until: day(q.valid_until), created_at: iso(q.created_at)!,
    sell_minor: num(q.sell_minor), margin_minor: num(q.margin_minor), margin_pct: q.margin_pct,
  };
}

export const auditQuote = (tx: Tx, organisationId: string, actor: string | null, action: string, id: string, changes: Record<string, unknown>) =>
  tx.insert(auditEvents).values({ organisation_id: organisationId, id: uuidv7(), actor_user_id: actor, action, entity: 'quotes', entity_id: id, changes });

/**
 * Accepts a sent quote in `tx` and makes its booking (status `received`) with the parties, route,
 * cargo and charges as accepted; answers the booking's id. The quote must be locked by the caller.
 */
export async function acceptQuote(tx: Tx, q: QuoteRow, lines: LineRow[], actorId: string | null): Promise<string> {
  const id = uuidv7();
  const now = new Date();
  const year = now.toISOString().slice(0, 4);
  const number = `B-${year}-${String(await nextNumber(tx, q.organisation_id, `booking:${year}`)).padStart(5, '0')}`;
  await tx.insert(bookings).values({
    organisation_id: q.organisation_id, id, number, status: 'received', quote_id: q.id, created_at: now, updated_at: now,
    client_type: q.client_type, client_id: q.client_id, client_name: q.client_name, contact_id: q.contact_id,
    mode: q.mode, incoterm: q.incoterm, origin: q.origin, destination: q.destination, cargo: q.cargo, equipment: q.equipment, currency: q.currency,
    charges: lines.map((l) => ({
      charge_code_id: l.charge_code_id, description: l.description, basis: l.basis, quantity: l.quantity,
      sell: { amount_minor: num(l.sell_amount_minor), currency: l.sell_currency }, sell_in_quote_minor: num(l.sell_in_quote_minor),
    })),
    sell_minor: num(q.sell_minor),
  });
  await tx.execute(sql`update quotes set status = 'accepted', decided_at = ${now}, booking_id = ${id}, updated_at = ${now} where organisation_id = ${q.organisation_id} and id = ${q.id}`);
  await tx.insert(auditEvents).values({ organisation_id: q.organisation_id, id: uuidv7(), actor_user_id: actorId, action: 'create', entity: 'bookings', entity_id: id, changes: { quote_id: q.id, number } });
  await attachTasks(tx, q.organisation_id, { booking_id: id }, q.mode, { created: now.toISOString() });
  await syncQuoteDeal(tx, q, 'accepted');
  await emitQuote(tx, 'quote.accepted', q.organisation_id, q.id);
  await emitBooking(tx, 'booking.received', q.organisation_id, id);
  return id;
}

/** The link token's stored form. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** Declines, cancels or expires a quote (locked by the caller). */
export async function decide(tx: Tx, q: QuoteRow, status: 'declined' | 'cancelled' | 'expired', reason: string | null): Promise<void> {
  const now = new Date();
  await tx.execute(sql`
    update quotes set status = ${status}, updated_at = ${now}, decline_reason = ${reason},
      decided_at = ${status === 'declined' ? now : q.decided_at}
     where organisation_id = ${q.organisation_id} and id = ${q.id}`);
  await syncQuoteDeal(tx, q, status, reason);
  if (status === 'declined') await emitQuote(tx, 'quote.declined', q.organisation_id, q.id);
}

/** A quote as GET /api/quotes/:id answers it (a write's answer adds its `warnings`), read through `db`; null when there is none. */
export async function quoteAnswer(db: Db | Tx, organisationId: string, id: string, warnings: Quote['warnings'] = []): Promise<Quote | null> {
  const loaded = await loadQuote(db, organisationId, id);
  return loaded && presentQuote(loaded.quote, loaded.lines, warnings, await placeNames(db, [loaded.quote.origin, loaded.quote.destination], loaded.quote.mode));
}

/** A quote's event for webhooks, in `tx`: the quote as GET /api/quotes/:id answers it. */
export async function emitQuote(tx: Tx, type: EventType, organisationId: string, id: string): Promise<void> {
  const quote = await quoteAnswer(tx, organisationId, id);
  if (quote) await emitEvent(tx, organisationId, type, quote);
}

/** Where a quote's link goes by default: its contact's address, else the client's. */
export async function recipientOf(tx: Tx, q: QuoteRow): Promise<string | null> {
  const [row] =
    q.client_type === 'native_organisation'
      ? await rowsOf<{ email: string | null }>(tx, sql`
          select coalesce((select email from native_contacts where organisation_id = ${q.organisation_id} and id = ${q.contact_id}), n.email) as email
            from native_organisations n where n.organisation_id = ${q.organisation_id} and n.id = ${q.client_id}`)
      : await rowsOf<{ email: string | null }>(tx, sql`
          select coalesce((select email from users where id = ${q.contact_id}), (select u.email from users u join organisation_members m on m.user_id = u.id
            join roles r on r.organisation_id = m.organisation_id and r.id = m.role_id where m.organisation_id = ${q.client_id} and r.builtin = 'owner' and m.status = 'active' order by m.created_at limit 1)) as email`);
  return row?.email ?? null;
}


/**
 * Keeps a quote's deal on the organisation's first quote pipeline in step with the quote: sending puts
 * it on the board (at the first open stage, valued at the sell total) or, for a revision, carries the
 * revised quote's deal over; acceptance moves it to the pipeline's won stage, a decline, expiry or
 * cancellation to its lost stage with the reason. Without a quote pipeline nothing happens.
 */
export async function syncQuoteDeal(tx: Tx, q: Pick<QuoteRow, 'organisation_id' | 'id' | 'revises_id' | 'number' | 'client_type' | 'client_id' | 'client_name' | 'sell_minor' | 'currency' | 'valid_until' | 'owner_user_id'>, status: 'sent' | 'accepted' | 'declined' | 'cancelled' | 'expired', reason: string | null = null): Promise<void> {
  const org = q.organisation_id;
  const ids = [q.id, q.revises_id].filter((v): v is string => Boolean(v));
  const [deal] = await rowsOf<{ id: string; pipeline_id: string }>(tx, sql`
    select id, pipeline_id from deals where organisation_id = ${org} and quote_id = any(${`{${ids.join(',')}}`}::uuid[]) order by created_at limit 1`);
  if (status === 'sent') {
    if (deal) {
      await tx.execute(sql`update deals set quote_id = ${q.id}, value_minor = ${num(q.sell_minor)}, currency = ${q.currency}, updated_at = now() where organisation_id = ${org} and id = ${deal.id}`);
      return;
    }
    const at = await firstStage(tx, org, 'quote');
    if (!at) return;
    await tx.execute(sql`
      insert into deals (organisation_id, id, pipeline_id, stage_id, title, client_type, client_id, client_name, value_minor, currency, owner_user_id, expected_close, quote_id, position)
      values (${org}, ${uuidv7()}, ${at.pipeline_id}, ${at.stage_id}, ${`${q.number} · ${q.client_name}`}, ${q.client_type}, ${q.client_id}, ${q.client_name}, ${num(q.sell_minor)}, ${q.currency},
              ${q.owner_user_id}, ${String(q.valid_until).slice(0, 10)}, ${q.id},
              (select coalesce(min(position), 0) - 1 from deals where organisation_id = ${org} and stage_id = ${at.stage_id}))`);
    return;
  }
  if (!deal) return;
  const outcome = status === 'accepted' ? 'won' : 'lost';
  await tx.execute(sql`
    update deals set stage_id = s.id, lost_reason = ${outcome === 'lost' ? (reason ?? status) : null}, updated_at = now()
      from (select id from pipeline_stages where organisation_id = ${org} and pipeline_id = ${deal.pipeline_id} and outcome = ${outcome} order by position limit 1) s
     where deals.organisation_id = ${org} and deals.id = ${deal.id}`);
}
