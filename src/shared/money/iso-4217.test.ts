import { describe, expect, it } from 'vitest';
import { data, publishDate } from 'currency-codes';
import { ISO_4217, ISO_4217_PUBLISHED } from './iso-4217.ts';

describe('the committed ISO 4217 table', () => {
  it('equals the currency-codes package (after an update: npx tsx scripts/generate-iso-4217.ts)', () => {
    expect(ISO_4217_PUBLISHED).toBe(publishDate);
    expect(ISO_4217).toEqual(Object.fromEntries(data.map((c) => [c.code, [c.digits, c.currency.trim()]])));
  });
});
