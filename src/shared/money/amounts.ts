import type Big from 'big.js';
import { minorDigits } from './currency.ts';
import { Decimal, HALF_AWAY_FROM_ZERO, parseDecimal, placesOf } from './decimal.ts';

/**
 * An amount in minor units (pence, cents, yen, fils): a safe integer, a bigint, or integer text
 * ("9007199254740993") for amounts past 2^53 that a JS number cannot hold.
 */
export type Minor = number | bigint | string;

/** Why an amount was refused: the code is also the API's error code and the validation key. */
export class MoneyError extends RangeError {
  constructor(
    readonly code: 'amount_too_large' | 'decimal_format' | 'decimal_places',
    message: string,
  ) {
    super(message);
    this.name = 'MoneyError';
  }
}

const LARGEST = new Decimal(String(Number.MAX_SAFE_INTEGER));

function minorDecimal(minor: Minor): Big {
  if (typeof minor === 'bigint') return new Decimal(minor.toString());
  if (typeof minor === 'string') {
    if (!/^-?\d{1,40}$/.test(minor)) throw new MoneyError('decimal_format', `"${minor}" is not a whole number of minor units.`);
    return new Decimal(minor);
  }
  if (!Number.isInteger(minor)) throw new MoneyError('decimal_format', `${minor} is not a whole number of minor units.`);
  // Past 2^53 a JS number may already be another amount than the one meant: refuse it.
  if (!Number.isSafeInteger(minor)) throw new MoneyError('amount_too_large', `${minor} minor units cannot be held exactly in a JS number: send it as text.`);
  return new Decimal(String(minor));
}

/** A whole Decimal as a JS number, refused (`amount_too_large`) past ±(2^53 − 1). */
function minorNumber(d: Big): number {
  if (d.abs().gt(LARGEST)) throw new MoneyError('amount_too_large', `${d.toFixed()} minor units is larger than the API carries exactly (2^53 − 1).`);
  return Number(d.toFixed());
}

const pow10 = (k: number) => new Decimal(`1e${k}`);
const halfAwayFromZero = (d: Big) => d.round(0, HALF_AWAY_FROM_ZERO);

/** Minor units as a major amount with the currency's digits: (1234, GBP) "12.34", (5, BHD) "0.005", (-5, JPY) "-5". */
export function majorOf(minor: Minor, currency: string): string {
  const digits = minorDigits(currency);
  return minorDecimal(minor).div(pow10(digits)).toFixed(digits);
}

/**
 * A major amount as people write it ("12.3") in minor units (1230 for GBP). Refuses more digits
 * after the point than the currency has (`decimal_places`: "0.125" GBP) rather than rounding.
 */
export function minorOf(major: string, currency: string): number {
  const d = parseDecimal(major);
  if (!d) throw new MoneyError('decimal_format', `"${major}" is not a plain decimal number.`);
  const digits = minorDigits(currency);
  if (placesOf(d) > digits) throw new MoneyError('decimal_places', `${currency} has ${digits} digits after the point.`);
  return minorNumber(d.times(pow10(digits)));
}

/**
 * A rate as an exact quotient: 1 unit of one currency = times ÷ per units of the other. A quoted
 * rate has per "1"; its inverse swaps them; a cross rate through the euro is (to per euro) ÷
 * (from per euro). Conversions use the quotient itself, never a rounded rate.
 */
export type ExactRate = { times: string; per: string };
export const quotedRate = (rate: string): ExactRate => ({ times: rate, per: '1' });
export const inverseRate = (rate: ExactRate): ExactRate => ({ times: rate.per, per: rate.times });
export const crossRate = (fromPerEuro: string, toPerEuro: string): ExactRate => ({ times: toPerEuro, per: fromPerEuro });

/** Significant digits of a derived rate (an inverse or cross rate) as shown; a quoted rate is shown exactly. */
const RATE_SIGNIFICANT_DIGITS = 12;

/** A rate as a decimal string: exact for a quoted rate, else rounded to 12 significant digits. */
export function rateText(rate: ExactRate): string {
  const value = new Decimal(rate.times).div(rate.per);
  const per = new Decimal(rate.per);
  return (per.eq('1') ? value : value.prec(RATE_SIGNIFICANT_DIGITS, HALF_AWAY_FROM_ZERO)).toFixed();
}

/**
 * Converts an amount in minor units of `from` into minor units of `to`, exactly, then rounds
 * half away from zero once: 15 pence at 1.5 is 22.5, so 23.
 */
export function convertMinor(amount: Minor, from: string, to: string, rate: string | ExactRate): number {
  const r = typeof rate === 'string' ? quotedRate(rate) : rate;
  const exact = minorDecimal(amount)
    .times(r.times)
    .times(pow10(minorDigits(to) - minorDigits(from)))
    .div(r.per);
  return minorNumber(halfAwayFromZero(exact));
}

/** `pct` per cent of an amount, rounded half away from zero: 5 % of 1050 is 52.5, so 53. */
export function percentOf(amount: Minor, pct: string): number {
  return minorNumber(halfAwayFromZero(minorDecimal(amount).times(pct).div('100')));
}

/** An amount times an exact decimal factor (a quantity: 12.5 kg at 235 cents is 2937.5, so 2938), rounded half away from zero. */
export function timesMinor(amount: Minor, factor: string): number {
  return minorNumber(halfAwayFromZero(minorDecimal(amount).times(factor)));
}

/** The share `part / whole` of an amount (prorating by time), rounded half away from zero. */
export function prorate(amount: Minor, part: number, whole: number): number {
  return minorNumber(halfAwayFromZero(minorDecimal(amount).times(minorDecimal(part)).div(minorDecimal(whole))));
}

/** The exact sum of amounts already rounded per line (the rule: round each line, then add). */
export function sumMinor(amounts: readonly Minor[]): number {
  return minorNumber(amounts.reduce<Big>((sum, a) => sum.plus(minorDecimal(a)), new Decimal('0')));
}

/** `part` of `whole` as a percentage with 2 decimals, rounded half away from zero ("66.67"); margins and win rates. */
export function ratioPct(part: Minor, whole: Minor): string {
  return minorDecimal(part).times('100').div(minorDecimal(whole)).round(2, HALF_AWAY_FROM_ZERO).toFixed(2);
}
