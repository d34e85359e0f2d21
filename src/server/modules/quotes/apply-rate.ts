import { sql } from 'drizzle-orm';
import { convertMinor } from '#shared/money/amounts.ts';
import { measure } from '#shared/quotes/calc.ts';
import { markedUp, priceRateCharge, ruleFor, type SellRule } from '#shared/quotes/rates.ts';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { buyRates } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { rateOn } from '../exchange/service.ts';
import type { QuoteDraft, QuoteRow } from './service.ts';

type RuleRow = SellRule & { markup_type: 'percent' | 'fixed'; markup_pct: string | null; markup_minor: number | null; currency: string | null };

/**
 * A quote's charge lines from a buy rate: each charge priced for the quote's cargo (its weight
 * break, its minimum as one amount per shipment), and the sell side marked up by the most specific
 * sell rule for the client's tier, the mode, the lane and the charge's category.
 */
export async function linesFromRate(tx: Tx, organisationId: string, q: QuoteRow, rateId: string): Promise<QuoteDraft['lines']> {
  const [rate] = await rowsOf<typeof buyRates.$inferSelect>(tx, sql`select * from buy_rates where organisation_id = ${organisationId} and id = ${rateId}`);
  if (!rate) throw notFound('The rate');
  const m = measure(q.mode, q.cargo, q.equipment);
  const [tier] = q.client_type === 'native_organisation' ? await rowsOf<{ id: string | null }>(tx, sql`select client_tier_id as id from native_organisations where organisation_id = ${organisationId} and id = ${q.client_id}`) : [];
  const rules = await rowsOf<RuleRow>(tx, sql`
    select id, client_tier_id, mode, origin, destination, charge_category, priority, markup_type, markup_pct::text as markup_pct, markup_minor::float8 as markup_minor, currency
      from sell_rules where organisation_id = ${organisationId}`);
  const categories = Object.fromEntries(
    (await rowsOf<{ id: string; category: string }>(tx, sql`select id, category from charge_codes where organisation_id = ${organisationId}`)).map((c) => [c.id, c.category]),
  );
  const day = String(q.quote_date).slice(0, 10);
  const lines: QuoteDraft['lines'] = [];
  for (const c of rate.charges) {
    const p = priceRateCharge(c, m);
    if (!p) continue;
    // A minimum that applies is one amount for the shipment.
    const buyUnit = p.minimum_applied ? p.total_minor : p.unit_minor;
    const rule = ruleFor(rules, { tier: tier?.id ?? null, mode: q.mode, origin: q.origin, destination: q.destination, category: c.charge_code_id ? (categories[c.charge_code_id] ?? null) : null });
    let sellUnit = buyUnit;
    if (rule?.markup_type === 'percent' && rule.markup_pct !== null) sellUnit = markedUp(buyUnit, { type: 'percent', pct: rule.markup_pct });
    if (rule?.markup_type === 'fixed' && rule.markup_minor !== null && rule.currency) {
      const fx = await rateOn(tx, organisationId, rule.currency, c.currency, day);
      if (!fx) throw new AppError(422, 'exchange_rate_missing', `No exchange rate from ${rule.currency} to ${c.currency} is known for the sell rule “${rule.id}”.`);
      sellUnit = markedUp(buyUnit, { type: 'fixed', minor: convertMinor(rule.markup_minor, rule.currency, c.currency, fx.rate) });
    }
    lines.push({
      charge_code_id: c.charge_code_id,
      description: c.description,
      basis: p.minimum_applied ? 'per_shipment' : c.basis,
      quantity: null,
      buy: { amount_minor: buyUnit, currency: c.currency },
      sell: { amount_minor: sellUnit, currency: c.currency },
    });
  }
  if (!lines.length) throw new AppError(422, 'rate_not_applicable', 'None of the rate’s charges counts anything on this quote: check its mode, cargo or equipment.');
  return lines;
}
