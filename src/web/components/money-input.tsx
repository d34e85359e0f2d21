import { InputNumber } from 'antd';
import type { CSSProperties } from 'react';
import { majorOf, minorOf, MoneyError } from '#shared/money/amounts.ts';
import { isCurrencyCode, minorDigits } from '#shared/money/currency.ts';

export interface MoneyInputProps {
  id?: string;
  /** Minor units (what the API takes), or null for none. */
  value?: number | null;
  onChange?: (minor: number | null) => void;
  /** ISO 4217: how many digits after the point (EUR when not one). */
  currency?: string;
  /** Show the currency code after the amount. */
  showCurrency?: boolean;
  disabled?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  status?: 'error';
}

/**
 * An amount typed in major units ("25,000.00") with the currency's ISO digits and held in minor
 * units, exact: antd keeps the typed digits as a string (stringMode) and the shared money module
 * scales them, never a float.
 */
export function MoneyInput({ value, onChange, currency, showCurrency, style, ...rest }: MoneyInputProps) {
  const money = currency && isCurrencyCode(currency) ? currency : 'EUR';
  return (
    <InputNumber<string>
      {...rest}
      stringMode
      inputMode="decimal"
      min="0"
      precision={minorDigits(money)}
      suffix={showCurrency && currency && isCurrencyCode(currency) ? currency : undefined}
      value={typeof value === 'number' ? majorOf(value, money) : null}
      onChange={(v) => {
        if (v === null || v === '') return onChange?.(null);
        try {
          onChange?.(minorOf(v, money));
        } catch (e) {
          // More digits than the currency has, mid-typing: the input rounds them on blur.
          if (!(e instanceof MoneyError)) throw e;
        }
      }}
      style={{ width: '100%', ...style }}
    />
  );
}
