import { describe, expect, it } from 'vitest';
import { cardBrand, cardProblems, expiryValid, luhnValid } from './cards.ts';

describe('card checks', () => {
  it('accepts the test cards and refuses a wrong check digit', () => {
    for (const n of ['4242 4242 4242 4242', '4000000000000002', '4000-0000-0000-0341', '5555555555554444', '378282246310005']) expect(luhnValid(n)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
  });
  it('recognises brands', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
  });
  it('checks expiry to the end of the month and the CVC length', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    expect(expiryValid(11, 2026, now)).toBe(true);
    expect(expiryValid(10, 2026, now)).toBe(false);
    expect(expiryValid(13, 2027, now)).toBe(false);
    expect(cardProblems({ number: '378282246310005', exp_month: 1, exp_year: 2030, cvc: '123' }, now)).toEqual({ cvc: 'card_cvc_invalid' });
    expect(cardProblems({ number: '4242424242424242', exp_month: 1, exp_year: 2030, cvc: '123' }, now)).toEqual({});
  });
});
