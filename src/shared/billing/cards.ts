/** Card checks made before anything is sent (the local provider's form; Stripe checks its own). */

export const digitsOnly = (s: string) => s.replace(/[\s-]/g, '');

export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown' {
  const d = digitsOnly(number);
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^6(011|5)/.test(d)) return 'discover';
  return 'unknown';
}

/** Not expired at the end of its expiry month (UTC). */
export function expiryValid(month: number, year: number, now = new Date()): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const end = Date.UTC(year, month, 1);
  return end > now.getTime() && year < now.getUTCFullYear() + 25;
}

export function cvcValid(cvc: string, number: string): boolean {
  return cardBrand(number) === 'amex' ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}

/** Field → i18n key of the first problem, empty when the card can be sent. */
export function cardProblems(card: { number: string; exp_month: number; exp_year: number; cvc: string }, now = new Date()): Record<string, string> {
  const out: Record<string, string> = {};
  if (!luhnValid(card.number)) out.number = 'card_number_invalid';
  if (!expiryValid(card.exp_month, card.exp_year, now)) out.exp_month = 'card_expired';
  if (!cvcValid(card.cvc, card.number)) out.cvc = 'card_cvc_invalid';
  return out;
}
