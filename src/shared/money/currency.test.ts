import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, currencyName, isCurrencyCode, minorDigits } from './currency.ts';

describe('ISO 4217 table', () => {
  it('gives ISO’s minor-unit digits, not the runtime’s ICU data', () => {
    // ISO 4217 list one: HUF, IDR, PKR, COP 2 (ICU says 0); IQD 3 (ICU says 0).
    expect(['HUF', 'IDR', 'PKR', 'COP', 'IQD'].map(minorDigits)).toEqual([2, 2, 2, 2, 3]);
    expect(['GBP', 'EUR', 'JPY', 'BHD', 'KWD', 'CLF'].map(minorDigits)).toEqual([2, 2, 0, 3, 3, 4]);
    expect(minorDigits('gbp')).toBe(2);
    expect(currencyName('GBP')).toBe('Pound Sterling');
  });

  it('knows real codes only', () => {
    expect(isCurrencyCode('GBP')).toBe(true);
    expect(isCurrencyCode('ABC')).toBe(false);
    expect(isCurrencyCode('gbp')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
    expect(() => minorDigits('ABC')).toThrow(RangeError);
    expect(CURRENCY_CODES).toContain('EUR');
    expect([...CURRENCY_CODES].sort()).toEqual(CURRENCY_CODES);
  });
});
