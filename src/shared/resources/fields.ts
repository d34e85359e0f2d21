import { z } from 'zod';
import { isCurrencyCode } from '../money/currency.ts';
import { decimalString } from '../money/decimal-field.ts';

/** Building blocks of resource schemas; messages are keys under `validation.`. */
export const requiredText = (max = 120) => z.string().trim().min(1, 'required').max(max, 'text_too_long');
export const optionalText = (max = 500) =>
  z.string().trim().max(max, 'text_too_long').nullish().transform((v) => (v ? v : null));
export const code = (max = 20) => z.string().trim().toUpperCase().regex(/^[A-Z0-9][A-Z0-9_-]*$/, 'code_format').max(max, 'text_too_long');
/** An ISO 4217 code of the table in src/shared/money ("ABC" is refused). */
export const currency = z.string().trim().toUpperCase().refine(isCurrencyCode, 'currency_code');
/** An exchange rate as a decimal string: above 0, at most 1 000 000, at most 10 decimal places. */
export const exchangeRate = decimalString({ min: '0', aboveMin: true, max: '1000000', places: 10 });
/** A percentage as a decimal string: 0 to 100, at most 4 decimal places. */
export const percentage = decimalString({ min: '0', max: '100', places: 4 });
export const country = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'country_code');
export const uuidRef = z.uuid('reference_invalid');

/** IBAN: country, check digits, then the account; checked with the ISO 7064 mod-97 rule. */
export function ibanValid(raw: string): boolean {
  const iban = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}
export const iban = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine(ibanValid, 'iban_invalid');
/**
 * An account identifier as records that outlive it keep it (the audit trail): an IBAN's country and
 * check digits and its last four characters (`GB29 **** 6819`), else only the last four.
 */
export function maskAccount(value: string): string {
  const v = value.replace(/\s+/g, '');
  if (v.length <= 8) return '****';
  return /^[A-Z]{2}\d{2}/.test(v) ? `${v.slice(0, 4)} **** ${v.slice(-4)}` : `**** ${v.slice(-4)}`;
}

/** UK sort code: six digits, written 12-34-56. */
export const sortCode = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => /^\d{6}$/.test(v), 'sort_code_invalid')
  .transform((v) => `${v.slice(0, 2)}-${v.slice(2, 4)}-${v.slice(4)}`);
export const isoDate = z.iso.date('date_invalid');
export const optionalDate = isoDate.nullish().transform((v) => v ?? null);
export const locationCode = z.string().trim().toUpperCase().regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'location_code');
