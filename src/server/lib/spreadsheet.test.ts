import { describe, expect, it } from 'vitest';
import { neutraliseCell } from './spreadsheet.ts';

describe('neutraliseCell', () => {
  it('turns what a spreadsheet would run into text', () => {
    expect(neutraliseCell('=HYPERLINK("https://evil.example","Invoice")')).toBe(`'=HYPERLINK("https://evil.example","Invoice")`);
    expect(neutraliseCell('+cmd|\' /C calc\'!A0')).toBe(`'+cmd|' /C calc'!A0`);
    expect(neutraliseCell('-2+3')).toBe(`'-2+3`);
    expect(neutraliseCell('@SUM(1)')).toBe(`'@SUM(1)`);
    expect(neutraliseCell('\t=1')).toBe(`'\t=1`);
    expect(neutraliseCell('\r=1')).toBe(`'\r=1`);
  });

  it('leaves everything else as it is', () => {
    expect(neutraliseCell('Bunker adjustment = fuel')).toBe('Bunker adjustment = fuel');
    expect(neutraliseCell('')).toBe('');
    expect(neutraliseCell(-12)).toBe(-12);
    expect(neutraliseCell(true)).toBe(true);
    expect(neutraliseCell(null)).toBe(null);
  });
});
