import type { TFunction } from 'i18next';
import type { PlanMetadataEntry } from '#shared/billing/plans.ts';

/** An amount in pounds ("49.00") as money in the interface language: "£49.00" in English. */
export function formatPounds(amount: string | number, language: string): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'GBP' }).format(value);
}

/** A plan metadata value as shown: access as given, money in £, percentages, counts, months. */
export function metadataValue(entry: PlanMetadataEntry, t: TFunction, language: string): string | null {
  const raw = entry.value;
  if (raw === null) return null;
  const n = Number(raw);
  switch (entry.kind) {
    case 'money':
      return Number.isFinite(n) ? formatPounds(n, language) : raw;
    case 'percent':
      return Number.isFinite(n)
        ? new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(n / 100)
        : raw;
    case 'count':
      return Number.isFinite(n) ? new Intl.NumberFormat(language).format(n) : raw;
    case 'months':
      return Number.isFinite(n) ? t('plans.months', { count: n }) : raw;
    default:
      return raw;
  }
}
