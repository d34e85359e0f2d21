import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { isCurrencyCode } from '#shared/money/currency.ts';
import { MoneyError } from '#shared/money/amounts.ts';
import { formatDecimal, formatMoney } from '#shared/money/format.ts';
import type { ResourceField } from '#shared/resources/descriptor.ts';
import { countryName } from '../../lib/countries.ts';
import { currencyLabel } from './currencies.ts';
import { formatDay } from '../../lib/format-day.ts';

const ENUM_COLOURS: Record<string, string> = {
  active: 'green', done: 'green', prospect: 'blue', in_progress: 'blue', on_hold: 'gold', todo: 'default',
  ended: 'default', cancelled: 'default', urgent: 'red', high: 'orange', low: 'default', normal: 'default',
};

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 6 }).format(value);
}

export interface CellContext {
  t: TFunction;
  language: string;
  /** Names of referenced records by id (for reference fields). */
  labels?: Map<string, string>;
  /** The row, for money (its currency). */
  row?: Record<string, unknown>;
}

/** A field's value in a table cell, by its kind. */
export function formatValue(field: ResourceField, value: unknown, { t, language, labels, row }: CellContext): ReactNode {
  if (field.kind === 'boolean') return value ? t('control_centre.yes') : t('control_centre.no');
  if (value === null || value === undefined || value === '') return <span className="fyn-secondary">—</span>;
  switch (field.kind) {
    case 'enum': {
      const v = String(value);
      return <Tag color={ENUM_COLOURS[v] ?? 'default'}>{t(`${field.labelKey}_options.${v}`, { defaultValue: v })}</Tag>;
    }
    case 'date':
      return formatDay(String(value), language);
    case 'number':
      return typeof value === 'number' ? formatNumber(value, language) : String(value);
    case 'decimal':
      return formatDecimal(String(value), language);
    case 'money': {
      // Minor units (a number, or integer text past 2^53) in the row's currency, with its ISO digits.
      const currency = typeof row?.currency === 'string' && isCurrencyCode(row.currency) ? row.currency : null;
      if (!currency || (typeof value !== 'number' && typeof value !== 'string')) return String(value);
      try {
        return formatMoney(value, currency, language);
      } catch (e) {
        // Not a whole number of minor units (the shared rule says which): shown as it is.
        if (e instanceof MoneyError) return String(value);
        throw e;
      }
    }
    case 'country':
      return <span title={String(value)}>{countryName(String(value), language)}</span>;
    case 'currency':
      return <span title={currencyLabel(String(value), language)}>{String(value)}</span>;
    case 'reference':
      return labels?.get(String(value)) ?? <span className="fyn-secondary">…</span>;
    case 'permissions':
      return Array.isArray(value) ? String(value.length) : '';
    case 'url':
      return (
        <a href={String(value)} target="_blank" rel="noreferrer noopener">
          {String(value).replace(/^https?:\/\//, '')}
        </a>
      );
    case 'email':
      return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
    case 'textarea':
      return (
        <Typography.Text ellipsis={{ tooltip: String(value) }} style={{ maxWidth: 280 }}>
          {String(value)}
        </Typography.Text>
      );
    default:
      return String(value);
  }
}
