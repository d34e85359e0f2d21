import fc from 'fast-check';
import type { JsonSchema } from './operations.ts';
import { patternGenerator, PatternError } from './pattern.ts';

/**
 * fast-check arbitraries derived from an operation's JSON schema (the OpenAPI document of its zod
 * schemas): `valid` values satisfy the schema (the zod schema may still refuse some, for rules the
 * JSON schema cannot say, such as an IBAN's check digits); `invalid` values break one rule of it
 * in a way no trimming or upper-casing of the zod schema can repair.
 */
export type Hints = {
  /** Ids a uuid field may name: the caller's records (and another organisation's). */
  uuids: () => string[];
};

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

const NASTY = ["'; drop table users; --", '%_\\', '<script>alert(1)</script>', '=HYPERLINK("x")', '../../etc/passwd', '\u0000', 'ü∂ƒ©˙∆', '  padded  ', '😀👍🏽'];

/** Text with a little of everything: ASCII, Unicode, control characters and NUL, quotes and SQL. */
function text(minLength = 0, maxLength = 40): fc.Arbitrary<string> {
  const nasty = NASTY.filter((v) => v.length >= minLength && v.length <= maxLength);
  return fc.oneof(
    { weight: 5, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }) },
    ...(nasty.length ? [{ weight: 1, arbitrary: fc.constantFrom(...nasty) }] : []),
  );
}

const dateText = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const decimalText = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 9999 })).map(([a, b]) => `${a}.${b}`),
  fc.integer({ min: -5, max: 150 }).map(String),
  fc.constantFrom('0', '0.0000000001', '100', '1000000', '1e5', '-0', '.5', '1.23456789012'),
);

/** Values by field name, where the JSON schema says only "string" (currencies, rates, emails …). */
function named(name: string, s: JsonSchema): fc.Arbitrary<string> | null {
  if (!typesOf(s).includes('string') || s.enum || s.format === 'uuid') return null;
  if (/(^|_)(currency|base|quote|from|to)$/.test(name)) return fc.constantFrom('GBP', 'EUR', 'USD', 'JPY', 'CHF', 'gbp', 'XXX', 'ABC');
  if (/(_pct|rate)$/.test(name)) return decimalText;
  if (/email/.test(name)) return fc.oneof(fc.emailAddress(), fc.constantFrom('owner@demo.fyn.local', 'x@example.com'));
  if (/^country$/.test(name)) return fc.constantFrom('GB', 'NL', 'gb', 'US', 'ZZ', 'CN');
  if (/^(valid_from|valid_until|due_on|member_since|renewal_due|date)$/.test(name)) return dateText;
  if (name === 'cursor') {
    // A cursor is base64url JSON [value, id]: any value, as the server must survive any.
    return fc
      .tuple(fc.jsonValue({ maxDepth: 2 }), fc.oneof(fc.uuid(), fc.string({ maxLength: 10 })))
      .map((v) => Buffer.from(JSON.stringify(v)).toString('base64url'))
      .filter((c) => c.length <= 500);
  }
  if (name === 'sort') return fc.constantFrom('name', '-name', 'created_at', '-created_at', 'code', 'title', '-updated_at', 'id', 'rank', 'nope', '');
  return null;
}

/** Values satisfying `s`; `name` is the field's name, for the hints above. */
export function valid(s: JsonSchema, hints: Hints, name = ''): fc.Arbitrary<unknown> {
  const base = validBase(s, hints, name);
  return s.nullable ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: base }) : base;
}

function validBase(s: JsonSchema, hints: Hints, name: string): fc.Arbitrary<unknown> {
  if (s.anyOf?.length || s.oneOf?.length) return fc.oneof(...(s.anyOf ?? s.oneOf)!.map((b) => valid(b, hints, name)));
  if (s.allOf?.length) return valid(s.allOf[0], hints, name);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const [type] = typesOf(s);
  switch (type) {
    case 'string': {
      const byName = named(name, s);
      if (byName) return fc.oneof({ weight: 3, arbitrary: byName }, { weight: 1, arbitrary: plainString(s, hints, name) });
      return plainString(s, hints, name);
    }
    case 'integer': {
      const min = Math.max(s.minimum ?? -MAX_SAFE, -MAX_SAFE);
      const max = Math.min(s.maximum ?? MAX_SAFE, MAX_SAFE);
      const small = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
      return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
    }
    case 'number':
      return fc.oneof(
        fc.double({ min: s.minimum ?? -1e12, max: s.maximum ?? 1e12, noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(s.minimum ?? 0, s.maximum ?? 0),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valid(s.items ?? {}, hints), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 6, 8) });
    case 'object':
      return validObject(s, hints);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A small deterministic random source from one seed (mulberry32): `rnd(n)` is 0 … n-1. */
function randomFrom(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** The schema's name in an error: a field the generator cannot serve fails the fuzz by its name, never by hanging. */
const cannot = (name: string, why: string) => new Error(`cannot generate a value for "${name || '(unnamed string)'}": ${why}`);

/** Strings of `pattern` within the lengths, made to measure (pattern.ts), never drawn and filtered. */
function patterned(pattern: string, min: number, max: number, name: string): fc.Arbitrary<string> {
  let generate: ReturnType<typeof patternGenerator>;
  try {
    generate = patternGenerator(pattern, min, max);
  } catch (err) {
    throw cannot(name, err instanceof PatternError ? err.message : String(err));
  }
  return fc.noBias(fc.integer({ min: 0, max: 0x7fffffff })).map((seed) => generate(randomFrom(seed)));
}

/** Values of `arb` that pass `ok`, trying a bounded number of draws (a filter could try for ever). */
function fitting<T>(arb: fc.Arbitrary<T>, ok: (v: T) => boolean, name: string, what: string): fc.Arbitrary<T> {
  return fc.noBias(fc.integer({ min: 0, max: 0x7fffffff })).map((seed) => {
    for (let k = 0; k < 50; k++) {
      const [v] = fc.sample(arb, { seed: seed + k, numRuns: 1 });
      if (ok(v)) return v;
    }
    throw cannot(name, `no ${what} within its limits in 50 draws`);
  });
}

function plainString(s: JsonSchema, hints: Hints, name = ''): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 60);
  const fits = (v: string) => v.length >= min && v.length <= max;
  if (s.format === 'uuid') {
    const known = hints.uuids();
    return known.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.uuid() }) : fc.uuid();
  }
  if (s.format === 'email') return fitting(fc.emailAddress(), fits, name, 'e-mail address');
  if (s.format === 'date') return dateText;
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  // A pattern without a maxLength sets its own length (an uploaded file's key is longer than 60).
  if (s.pattern) return patterned(s.pattern, min, s.maxLength ?? Infinity, name);
  // Long limits get a few long values; most stay short.
  return fc.oneof({ weight: 5, arbitrary: text(min, Math.min(max, 40)) }, { weight: 1, arbitrary: text(Math.max(min, Math.min(max, 40)), Math.min(max, 2000)) });
}

function validObject(s: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const model = Object.fromEntries(Object.entries(props).map(([k, p]) => [k, valid(p, hints, k)]));
  const record = fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
  if (typeof s.additionalProperties === 'object' && Object.keys(props).length === 0) {
    // Keys JSON parsing refuses outright (prototype poisoning) are the malformed cases' business.
    const key = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !['__proto__', 'constructor', 'prototype'].includes(k));
    return fc.dictionary(key, valid(s.additionalProperties, hints), { maxKeys: 6 });
  }
  return record as fc.Arbitrary<Record<string, unknown>>;
}

// ── invalid values ────────────────────────────────────────────────────────────

/** The forms a transform of the zod schema might turn a string into before checking it. */
const variants = (v: string) => [v, v.trim(), v.toUpperCase(), v.toLowerCase(), v.replace(/[\s-]/g, ''), v.replace(/\s+/g, '').toUpperCase()];

/** Strings that no variant of makes match `pattern`. */
function notMatching(pattern: string): fc.Arbitrary<string> {
  const re = new RegExp(pattern);
  const ok = (v: string) => variants(v).every((x) => !re.test(x));
  return fc
    .oneof(fc.constantFrom('!', '#?', '@@ @@', 'a b c!', '%%', '\u0000x', '../x', '1.2.3!'), fc.string({ minLength: 1, maxLength: 12 }).map((v) => `${v}!#`))
    .filter(ok);
}

/** Values of `s`'s JSON type broken in one way, or of another type altogether. */
export function invalid(s: JsonSchema, hints: Hints): fc.Arbitrary<unknown> | null {
  const choices = invalidChoices(s, hints);
  return choices.length ? fc.oneof(...choices) : null;
}

function invalidChoices(s: JsonSchema, hints: Hints): fc.Arbitrary<unknown>[] {
  const out: fc.Arbitrary<unknown>[] = [];
  if (s.anyOf?.length || s.oneOf?.length) {
    // Wrong for every branch at once: a type none of them has.
    const types = new Set((s.anyOf ?? s.oneOf)!.flatMap(typesOf));
    if (!types.has('array')) out.push(fc.constant([1, 2]));
    if (!types.has('string') && !types.has('integer') && !types.has('number')) out.push(fc.constant('not an object'));
    if (!s.nullable && !types.has('null')) out.push(fc.constant(null));
    return out;
  }
  const [type] = typesOf(s);
  if (!s.nullable && type && type !== 'null') out.push(fc.constant(null));
  if (s.enum?.length) {
    const allowed = new Set(s.enum.map((v) => String(v).toLowerCase()));
    out.push(fc.constantFrom('zz_not_a_choice', 'ADMIN!', 'true?', '*').filter((v) => !allowed.has(v.toLowerCase())));
    if (type === 'string') out.push(fc.constantFrom(7, true, ['x'], {}));
    return out;
  }
  switch (type) {
    case 'string':
      // Numbers are not coerced to text in bodies; objects and arrays never are.
      out.push(fc.constantFrom({}, [], ['a'], { a: 1 }, 12, true));
      if (s.maxLength !== undefined) out.push(fc.integer({ min: s.maxLength + 1, max: s.maxLength + 30 }).map((n) => 'x'.repeat(n)));
      if ((s.minLength ?? 0) >= 2) out.push(fc.constant('y'.repeat(s.minLength! - 1)));
      if (s.format === 'uuid') out.push(fc.constantFrom('not-a-uuid', '123', '00000000-0000-0000-0000-00000000000g', 'x'.repeat(36)));
      else if (s.format === 'date') out.push(fc.constantFrom('2026-13-45', 'tomorrow', '21/11/2026', '2026-02-30', '0000-00-00'));
      else if (s.format === 'email') out.push(fc.constantFrom('nope', 'a@', '@b.co', 'a b@c.de', 'x@y'));
      else if (s.pattern) out.push(notMatching(s.pattern));
      return out;
    case 'integer':
    case 'number': {
      // Coercing fields turn true, [] and '5' into numbers: only values no coercion rescues.
      out.push(fc.constantFrom({}, 'abc', [1, 2], { n: 1 }));
      if (s.minimum !== undefined && s.minimum > -MAX_SAFE) out.push(fc.constantFrom(s.minimum - 1, s.minimum - 1000.5));
      if (s.maximum !== undefined && s.maximum < MAX_SAFE) out.push(fc.constantFrom(s.maximum + 1, s.maximum * 10 + 1));
      if (type === 'integer') out.push(fc.constantFrom(1.5, -0.25, 1e300));
      return out;
    }
    case 'boolean':
      out.push(fc.constantFrom('maybe', 2, {}, [true]));
      return out;
    case 'array': {
      out.push(fc.constantFrom('not an array', 5, { 0: 'a' }));
      if (s.maxItems !== undefined && s.items) out.push(fc.array(valid(s.items, hints), { minLength: s.maxItems + 1, maxLength: s.maxItems + 3 }));
      if ((s.minItems ?? 0) > 0) out.push(fc.constant([]));
      const bad = s.items ? invalid(s.items, hints) : null;
      if (bad) out.push(fc.tuple(fc.array(valid(s.items!, hints), { maxLength: 2 }), bad).map(([ok, b]) => [...ok, b]));
      return out;
    }
    case 'object':
      return invalidObject(s, hints);
    default:
      return out;
  }
}

function invalidObject(s: JsonSchema, hints: Hints): fc.Arbitrary<unknown>[] {
  const props = s.properties ?? {};
  const out: fc.Arbitrary<unknown>[] = [fc.constantFrom('a string', 42, [1, 2, 3], true)];
  if (!s.nullable) out.push(fc.constant(null));
  const base = validObject(s, hints);
  for (const key of s.required ?? []) {
    if (!(key in props)) continue;
    out.push(base.map((v) => Object.fromEntries(Object.entries(v).filter(([k]) => k !== key))));
  }
  for (const [key, p] of Object.entries(props)) {
    const bad = invalid(p, hints);
    if (bad) out.push(fc.tuple(base, bad).map(([v, b]) => ({ ...v, [key]: b })));
  }
  if (typeof s.additionalProperties === 'object') {
    const bad = invalid(s.additionalProperties, hints);
    if (bad) out.push(bad.map((b) => ({ some_key: b })));
  }
  return out;
}
