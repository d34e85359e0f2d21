import { describe, expect, it } from 'vitest';
import { labelSearch } from './label-search.ts';

const sorted = (labels: string[], typed: string) =>
  labels
    .filter((label) => label.toLowerCase().includes(typed.toLowerCase()))
    .map((label) => ({ label }))
    .sort((a, b) => labelSearch.filterSort(a, b, { searchValue: typed }))
    .map((o) => o.label);

describe('a select searched by its labels', () => {
  it('offers the currency whose code was typed before those that only mention it', () => {
    const currencies = ['CHE — WIR Euro', 'CHW — WIR Franc', 'EUR — Euro', 'XEU — European Currency Unit'];
    expect(sorted(currencies, 'EUR')).toEqual(['EUR — Euro', 'CHE — WIR Euro', 'XEU — European Currency Unit']);
    expect(sorted(currencies, 'eur')[0]).toBe('EUR — Euro');
  });

  it('puts names that start with the text first, then a word that does, then the rest, each in its order', () => {
    const countries = ['Argentina', 'British Indian Ocean Territory', 'India', 'Indonesia', 'Liechtenstein'];
    expect(sorted(countries, 'in')).toEqual(['India', 'Indonesia', 'British Indian Ocean Territory', 'Argentina', 'Liechtenstein']);
  });

  it('keeps the order when nothing was typed', () => {
    expect(sorted(['B', 'A'], '')).toEqual(['B', 'A']);
  });
});
