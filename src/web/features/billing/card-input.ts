import { cardBrand, cvcValid, digitsOnly, expiryValid, luhnValid } from '#shared/billing/cards.ts';
import type { CardInput } from './billing-api.ts';

/** What the card form holds: the number with spaces, the expiry as MM/YY, the CVC. */
export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: CardValues = { number: '', expiry: '', cvc: '' };

/** Digits grouped as printed on the card: 4-4-4-4(-3), American Express 4-6-5. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  const groups = cardBrand(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** Typing "1228" gives "12/28"; a first digit above 1 is a month of its own ("4" → "04/"). */
export function formatExpiry(value: string, previous = ''): string {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  // Deleting the slash deletes the month's last digit too.
  if (previous.endsWith('/') && value.length < previous.length) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** "MM/YY" (or "MM/YYYY") as month and four-digit year; null when it is not one. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Validation keys of the card checks (shared cards.ts), per form field. */
export const checkCardNumber = (value: string) => (luhnValid(value) ? null : 'card_number_invalid');
export function checkExpiry(value: string, now = new Date()): string | null {
  const expiry = parseExpiry(value);
  if (!expiry) return 'card_expiry_format';
  return expiryValid(expiry.month, expiry.year, now) ? null : 'card_expired';
}
export const checkCvc = (value: string, number: string) => (cvcValid(value.trim(), number) ? null : 'card_cvc_invalid');

/** What POST /api/billing/payment-methods takes (the local provider). */
export function cardInput(values: CardValues): CardInput {
  const expiry = parseExpiry(values.expiry) ?? { month: 0, year: 0 };
  return { number: digitsOnly(values.number), exp_month: expiry.month, exp_year: expiry.year, cvc: values.cvc.trim() };
}

/** The server's field names (422, and a 402's reason) on the form's fields. */
export function cardFieldOf(name: string): keyof CardValues | null {
  if (name === 'number') return 'number';
  if (name === 'exp_month' || name === 'exp_year') return 'expiry';
  if (name === 'cvc') return 'cvc';
  return null;
}
