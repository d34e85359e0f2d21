// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cardInput, checkCardNumber, checkCvc, checkExpiry, formatCardNumber, formatExpiry, parseExpiry } from './card-input.ts';

describe('card input', () => {
  it('groups the number as printed on the card', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('42424242424242424242424')).toBe('4242 4242 4242 4242 424');
  });

  it('writes the expiry as MM/YY while typing', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('12/3')).toBe('12/3');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12', '12/')).toBe('1');
  });

  it('reads the expiry', () => {
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('1/2031')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('1230')).toBeNull();
  });

  it('checks with the shared card rules', () => {
    const now = new Date(Date.UTC(2030, 5, 15));
    expect(checkCardNumber('4242 4242 4242 4242')).toBeNull();
    expect(checkCardNumber('4242 4242 4242 4241')).toBe('card_number_invalid');
    expect(checkExpiry('06/30', now)).toBeNull();
    expect(checkExpiry('05/30', now)).toBe('card_expired');
    expect(checkExpiry('5-30', now)).toBe('card_expiry_format');
    expect(checkCvc('123', '4242424242424242')).toBeNull();
    expect(checkCvc('123', '378282246310005')).toBe('card_cvc_invalid');
  });

  it('sends digits, month, four-digit year and CVC', () => {
    expect(cardInput({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: ' 123 ' })).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
  });
});
