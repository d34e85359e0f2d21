import type { TFunction } from 'i18next';
import { PLAN_CURRENCY, type PlanMetadataEntry } from '#shared/billing/plans.ts';
import { parseDecimal } from '#shared/money/decimal.ts';
import { formatMajor, formatPercent } from '#shared/money/format.ts';

/** An amount in pounds given as a decimal string ("49.00") as money in the interface language: "£49.00" in English. */
export function formatPounds(amount: string, language: string): string {
  return parseDecimal(amount) ? formatMajor(amount, PLAN_CURRENCY, language) : amount;
}

/** A plan metadata value as shown: access as given, money in £, percentages, counts, months. */
export function metadataValue(entry: PlanMetadataEntry, t: TFunction, language: string): string | null {
  const raw = entry.value;
  if (raw === null) return null;
  const n = Number(raw);
  switch (entry.kind) {
    case 'money':
      return formatPounds(raw, language);
    case 'percent':
      return formatPercent(raw, language);
    case 'count':
      return Number.isFinite(n) ? new Intl.NumberFormat(language).format(n) : raw;
    case 'months':
      return Number.isFinite(n) ? t('plans.months', { count: n }) : raw;
    default:
      return raw;
  }
}
