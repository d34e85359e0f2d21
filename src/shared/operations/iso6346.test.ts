import { describe, expect, it } from 'vitest';
import { checkDigit, containerNumberProblem, normaliseContainerNumber } from './iso6346.ts';

describe('ISO 6346 container numbers', () => {
  // Worked by hand for CSQU305438: C13·1 + S30·2 + Q28·4 + U32·8 + 3·16 + 0·32 + 5·64 + 4·128 + 3·256 + 8·512
  // = 13 + 60 + 112 + 256 + 48 + 0 + 320 + 512 + 768 + 4096 = 6185; 6185 mod 11 = 3.
  it('works out the check digit of the standard’s own example', () => {
    expect(checkDigit('CSQU305438')).toBe(3);
  });

  it.each(['CSQU3054383', 'MSCU1234566', 'MAEU1234567', 'TGHU9876542', 'HLXU1234561', 'TEMU0000080'])('accepts %s', (n) => {
    expect(containerNumberProblem(n)).toBeNull();
  });

  it.each(['MSCU1234565', 'CSQU3054384', 'MAEU1234568', 'TGHU9876540', 'TEMU0000081'])('refuses %s for its check digit', (n) => {
    expect(containerNumberProblem(n)).toBe('check_digit');
  });

  it.each(['CSQ3054383', 'CSQX3054383', '1SQU3054383', 'CSQU305438', 'CSQU30543833'])('refuses %s for its shape', (n) => {
    expect(containerNumberProblem(n)).toBe('format');
  });

  it('works out MSCU123456 by hand: its digit is 6, so MSCU1234565 is wrong', () => {
    // M24·1 + S30·2 + C13·4 + U32·8 + 1·16 + 2·32 + 3·64 + 4·128 + 5·256 + 6·512 = 5528; 5528 mod 11 = 6.
    expect(checkDigit('MSCU123456')).toBe(6);
  });

  it('a remainder of 10 counts as 0', () => {
    // T31·1 + E15·2 + M24·4 + U32·8 + 8·512 = 31 + 30 + 96 + 256 + 4096 = 4509; 4509 mod 11 = 10 → 0.
    expect(checkDigit('TEMU000008')).toBe(0);
  });

  it('reads numbers written with spaces, dashes or in lower case', () => {
    expect(normaliseContainerNumber('csqu 305438-3')).toBe('CSQU3054383');
    expect(containerNumberProblem('csqu 305438-3')).toBeNull();
  });
});
