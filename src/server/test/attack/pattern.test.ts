import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patternGenerator, PatternError } from './pattern.ts';
import { valid } from './schema-arbitraries.ts';

const hints = { uuids: () => [] };

describe('the fuzz’s pattern generator', () => {
  it('makes values of every pattern our schemas use, at every length they allow', () => {
    const cases: [string, number, number][] = [
      ['^[A-Z]{2}$', 0, 2], ['^[A-Z]{2}[A-Z0-9]{3}$', 5, 5], ['^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$', 8, 11], ['^[A-Z0-9]{1,3}$', 1, 3],
      ['^\\d{4}(-(0[1-9]|1[0-2]))?$', 4, 7], ['^\\d{3,4}$', 3, 4], ['^[\\w.:-]+$', 1, 200], ['^[A-Za-z0-9_-]+$', 20, 40], ['^[0-9A-Za-z -]{4,34}$', 4, 34],
      ['^#[0-9a-fA-F]{6}$', 7, 7], ['^https?:\\/\\/\\S+\\.\\S+$', 10, 80], ['^(sk|rk)_(test|live)_\\w+$', 9, 40], ['^[^<>]*$', 0, 12], ['^\\+?[0-9][0-9 ()./-]{5,}$', 6, 30],
    ];
    for (const [pattern, min, max] of cases) {
      const generate = patternGenerator(pattern, min, max);
      const re = new RegExp(pattern);
      let seed = 1;
      for (let k = 0; k < 200; k++) {
        const v = generate((n) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
        expect(re.test(v), `${pattern} → ${JSON.stringify(v)}`).toBe(true);
        expect(v.length, `${pattern} → ${JSON.stringify(v)}`).toBeGreaterThanOrEqual(min);
        expect(v.length, `${pattern} → ${JSON.stringify(v)}`).toBeLessThanOrEqual(max);
      }
    }
  });

  it('serves long minimum lengths at once (drawing short values and filtering them hung the fuzz)', () => {
    const schema = { type: 'string', pattern: '^[A-Z0-9][A-Z0-9_-]*$', minLength: 48, maxLength: 50 };
    const t0 = performance.now();
    const values = fc.sample(valid(schema, hints, 'reference') as fc.Arbitrary<string>, { seed: 7, numRuns: 500 });
    expect(performance.now() - t0).toBeLessThan(2000);
    for (const v of values) expect(v).toMatch(/^[A-Z0-9][A-Z0-9_-]{47,49}$/);
  });

  it('fails with the schema’s name where it cannot generate, instead of hanging', () => {
    expect(() => valid({ type: 'string', pattern: '^(?=.*\\d)\\w+$' }, hints, 'password')).toThrow(/"password".*look-around/);
    expect(() => valid({ type: 'string', pattern: '^[A-Z]{2}$', minLength: 5 }, hints, 'country')).toThrow(/"country".*matches no string of 5/);
    expect(() => patternGenerator('^\\p{L}+$')).toThrow(PatternError);
  });
});
