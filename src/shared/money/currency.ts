import { ISO_4217 } from './iso-4217.ts';

/** Every ISO 4217 code of the table, A to Z. */
export const CURRENCY_CODES: readonly string[] = Object.keys(ISO_4217);

/** Whether a code is in the ISO 4217 table (upper case only: "GBP", not "gbp"). */
export const isCurrencyCode = (code: string): boolean => Object.hasOwn(ISO_4217, code);

function entryOf(code: string) {
  const entry = ISO_4217[code.toUpperCase()];
  if (!entry) throw new RangeError(`"${code}" is not an ISO 4217 currency code.`);
  return entry;
}

/**
 * Digits of a currency's minor unit from the ISO 4217 table (GBP 2, JPY 0, BHD 3), never from the
 * runtime's ICU data. Payment providers write codes in lower case ("gbp"): both are accepted.
 */
export const minorDigits = (code: string): number => entryOf(code)[0];

/** The currency's English name in ISO 4217 ("Pound Sterling"). */
export const currencyName = (code: string): string => entryOf(code)[1];
