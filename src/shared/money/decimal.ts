import Big from 'big.js';

/**
 * Exact decimal numbers (big.js) with FYN's settings: results of a division keep 40 decimal
 * places (far beyond any rounding that follows), rounding is half away from zero (big.js's
 * `roundHalfUp` works on the magnitude), and no JS number is accepted, because a float may
 * already be inexact: amounts come in as integers turned into text, rates as decimal strings.
 */
export const Decimal = Big();
Decimal.DP = 40;
Decimal.RM = Big.roundHalfUp;
Decimal.strict = true;
export type Decimal = Big;

export const HALF_AWAY_FROM_ZERO = Big.roundHalfUp;

/** A plain decimal as people and the wire write it: optional minus, digits, optional fraction. No exponent, no "+", no ",". */
export const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Digits after the point, trailing zeros not counted. */
export const placesOf = (d: Big): number => Math.max(0, d.c.length - d.e - 1);

/** A decimal string as a Decimal, or null when it is not a plain decimal. */
export function parseDecimal(text: string): Big | null {
  const t = text.trim();
  return t.length <= 40 && PLAIN_DECIMAL.test(t) ? new Decimal(t) : null;
}
