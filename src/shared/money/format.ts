import { majorOf, type Minor } from './amounts.ts';
import { minorDigits } from './currency.ts';
import { parseDecimal, placesOf } from './decimal.ts';

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    formats.set(key, format);
  }
  return format;
}

// Intl.NumberFormat formats a decimal string exactly (ECMA-402 "Intl.NumberFormat v3"): no float on the way.
const exactly = (format: Intl.NumberFormat, decimal: string) => format.format(decimal as `${number}`);

/**
 * An amount in minor units as money in a language, with the currency's ISO 4217 digits (not the
 * runtime's ICU data): (4900, "GBP", "en") "£49.00", (1234, "HUF", "hu") "12,34 Ft".
 */
export function formatMoney(minor: Minor, currency: string, language: string): string {
  return formatMajor(majorOf(minor, currency), currency, language);
}

/** A major amount given as a decimal string ("49.00" pounds) as money in a language. */
export function formatMajor(major: string, currency: string, language: string): string {
  const code = currency.toUpperCase();
  const digits = minorDigits(code);
  const format = numberFormat(language, { style: 'currency', currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits });
  return exactly(format, major);
}

/** A decimal string ("1.2345") in a language with all its digits; text that is no decimal is shown as it is. */
export function formatDecimal(value: string, language: string): string {
  const d = parseDecimal(value);
  if (!d) return value;
  return exactly(numberFormat(language, { maximumFractionDigits: Math.min(100, placesOf(d)) }), d.toFixed());
}

/** A percentage given as a decimal string ("7.5") in a language: "7.5%", "7,5 %". */
export function formatPercent(value: string, language: string): string {
  const d = parseDecimal(value);
  if (!d) return value;
  return exactly(numberFormat(language, { style: 'unit', unit: 'percent', maximumFractionDigits: Math.min(100, placesOf(d)) }), d.toFixed());
}
