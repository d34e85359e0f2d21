import { describe, expect, it } from 'vitest';
import { formatDecimal, formatMajor, formatMoney, formatPercent } from './format.ts';

// Intl separates a symbol from the number with a no-break space in some languages.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('money by language', () => {
  it('formats minor units with the ISO digits', () => {
    expect(formatMoney(4900, 'GBP', 'en')).toBe('£49.00');
    expect(formatMoney(4900, 'gbp', 'en-GB')).toBe('£49.00');
    expect(plain(formatMoney(4900, 'GBP', 'de'))).toBe('49,00 £');
    expect(formatMoney(-5, 'GBP', 'en')).toBe('-£0.05');
    expect(formatMoney(1234, 'JPY', 'en')).toBe('¥1,234');
    expect(formatMoney(5, 'BHD', 'en')).toMatch(/^BHD\s0\.005$/);
    expect(formatMoney(12345, 'HUF', 'en')).toMatch(/^HUF\s123\.45$/);
    expect(formatMoney(1234, 'IQD', 'en')).toMatch(/^IQD\s1\.234$/);
    expect(formatMoney('900719925474099312', 'GBP', 'en')).toBe('£9,007,199,254,740,993.12');
    expect(formatMajor('4.5', 'GBP', 'en')).toBe('£4.50');
  });

  it('formats decimal strings with all their digits', () => {
    expect(formatDecimal('1.2345', 'en')).toBe('1.2345');
    expect(formatDecimal('1.2345', 'de')).toBe('1,2345');
    expect(formatDecimal('1000000.0000000001', 'en')).toBe('1,000,000.0000000001');
    expect(formatDecimal('not a number', 'en')).toBe('not a number');
    expect(formatPercent('7.5', 'en')).toBe('7.5%');
    expect(plain(formatPercent('7.5', 'de'))).toBe('7,5 %');
  });
});
