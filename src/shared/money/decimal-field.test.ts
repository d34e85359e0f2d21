import { describe, expect, it } from 'vitest';
import { decimalString } from './decimal-field.ts';

const rate = decimalString({ min: '0', aboveMin: true, max: '1000000', places: 10 });
const pct = decimalString({ min: '0', max: '100', places: 4 });
const problem = (schema: typeof rate, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('decimal strings', () => {
  it('accepts plain decimals and answers their canonical form', () => {
    expect(rate.parse('1.2345')).toBe('1.2345');
    expect(rate.parse(' 1.2000 ')).toBe('1.2');
    expect(rate.parse('0.0000000001')).toBe('0.0000000001');
    expect(rate.parse('1000000')).toBe('1000000');
    expect(pct.parse('0')).toBe('0');
    expect(pct.parse('-0')).toBe('0');
    expect(pct.parse('007.50')).toBe('7.5');
    expect(pct.parse('100')).toBe('100');
  });

  it('refuses numbers, exponents and other spellings', () => {
    expect(problem(rate, 1.5)).toBe('decimal_format');
    expect(problem(rate, '1e5')).toBe('decimal_format');
    expect(problem(rate, '+1')).toBe('decimal_format');
    expect(problem(rate, '1,5')).toBe('decimal_format');
    expect(problem(rate, '.5')).toBe('decimal_format');
    expect(problem(rate, 'Infinity')).toBe('decimal_format');
    expect(problem(rate, '1'.repeat(41))).toBe('decimal_format');
  });

  it('bounds the value and its decimal places', () => {
    expect(problem(rate, '0')).toBe('number_range');
    expect(problem(rate, '-1')).toBe('number_range');
    expect(problem(rate, '1000000.0000000001')).toBe('number_range');
    expect(problem(rate, '1.12345678901')).toBe('decimal_places');
    expect(problem(rate, '1.12345678900')).toBeNull();
    expect(problem(pct, '100.0001')).toBe('number_range');
    expect(problem(pct, '-0.5')).toBe('number_range');
    expect(problem(pct, '2.12345')).toBe('decimal_places');
  });
});
