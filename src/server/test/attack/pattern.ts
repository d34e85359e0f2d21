/**
 * Strings matching a regular expression with a length between given bounds, generated directly
 * (never drawn and filtered, which can loop for ever when few draws fit: the fuzz once hung CI that
 * way). The pattern is parsed into a tree whose every node knows its shortest and longest match;
 * generation picks a length that fits and builds exactly that. The subset is what JSON schemas
 * use: anchors, literals, escapes (\d \w \s \S \D \W \. …), classes with ranges and negation,
 * groups, alternation, ? * + {n} {n,} {n,m}, the i flag. Anything else (look-arounds, back
 * references, \b, Unicode properties) throws an error naming the pattern.
 */
type Node =
  | { kind: 'chars'; set: string }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'rep'; node: Node; min: number; max: number };

/** Longest repetition an open quantifier (`*`, `+`, `{n,}`) gets. */
const OPEN_MAX = 64;
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const DIGITS = '0123456789';
const WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_';
const SPACE = ' \t';
const without = (from: string, chars: string) => [...from].filter((c) => !chars.includes(c)).join('');
const ESCAPES: Record<string, string> = { d: DIGITS, w: WORD, s: SPACE, D: without(PRINTABLE, DIGITS), W: without(PRINTABLE, WORD), S: without(PRINTABLE, SPACE) };

export class PatternError extends Error {}

function parse(source: string, ignoreCase: boolean): Node {
  let i = 0;
  const fail = (what: string): never => {
    throw new PatternError(`/${source}/ uses ${what}, which the generator cannot produce`);
  };
  const caseless = (set: string) => (ignoreCase ? [...new Set([...set, ...set.toLowerCase(), ...set.toUpperCase()])].join('') : set);

  function escape(): string {
    const c = source[i++];
    if (c === undefined) return fail('a trailing backslash');
    if (c in ESCAPES) return ESCAPES[c];
    if (/[bBpPk1-9]/.test(c)) return fail(`\\${c}`);
    if (c === 'n') return '\n';
    if (c === 't') return '\t';
    if (c === 'u') {
      const hex = source.slice(i, i + 4);
      i += 4;
      return String.fromCharCode(parseInt(hex, 16));
    }
    if (c === 'x') {
      const hex = source.slice(i, i + 2);
      i += 2;
      return String.fromCharCode(parseInt(hex, 16));
    }
    return c;
  }

  function charClass(): Node {
    let negate = false;
    if (source[i] === '^') {
      negate = true;
      i++;
    }
    let set = '';
    let first = true;
    while (i < source.length && (source[i] !== ']' || first)) {
      first = false;
      let from: string;
      if (source[i] === '\\') {
        i++;
        const e = escape();
        if (e.length > 1) {
          set += e;
          continue;
        }
        from = e;
      } else from = source[i++];
      if (source[i] === '-' && source[i + 1] !== ']' && i + 1 < source.length) {
        i++;
        const to = source[i] === '\\' ? (i++, escape()) : source[i++];
        for (let c = from.charCodeAt(0); c <= to.charCodeAt(0); c++) set += String.fromCharCode(c);
      } else set += from;
    }
    if (source[i] !== ']') fail('an unclosed class');
    i++;
    set = caseless(set);
    return { kind: 'chars', set: negate ? without(PRINTABLE, set) : set };
  }

  function atom(): Node | null {
    const c = source[i];
    if (c === '(') {
      i++;
      if (source[i] === '?') {
        if (source[i + 1] === ':') i += 2;
        else fail('a look-around or named group');
      }
      const inner = alternation();
      if (source[i] !== ')') fail('an unclosed group');
      i++;
      return inner;
    }
    if (c === '[') {
      i++;
      return charClass();
    }
    if (c === '\\') {
      i++;
      return { kind: 'chars', set: caseless(escape()) };
    }
    if (c === '.') {
      i++;
      return { kind: 'chars', set: PRINTABLE };
    }
    if (c === '^' || c === '$') {
      i++;
      return { kind: 'seq', items: [] };
    }
    i++;
    return { kind: 'chars', set: caseless(c) };
  }

  function quantified(): Node | null {
    const a = atom();
    if (!a) return null;
    const q = source[i];
    let min = 1;
    let max = 1;
    if (q === '?') [min, max] = [0, 1];
    else if (q === '*') [min, max] = [0, OPEN_MAX];
    else if (q === '+') [min, max] = [1, OPEN_MAX];
    else if (q === '{' && /^\{\d+(,\d*)?\}/.test(source.slice(i))) {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i))!;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Math.max(min, OPEN_MAX) : Number(m[3]);
      i += m[0].length - 1;
    } else return a;
    i++;
    if (source[i] === '?') i++; // lazy: the same strings
    return { kind: 'rep', node: a, min, max };
  }

  function sequence(): Node {
    const items: Node[] = [];
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      const n = quantified();
      if (n) items.push(n);
    }
    return { kind: 'seq', items };
  }

  function alternation(): Node {
    const options = [sequence()];
    while (source[i] === '|') {
      i++;
      options.push(sequence());
    }
    return options.length === 1 ? options[0] : { kind: 'alt', options };
  }

  const tree = alternation();
  if (i < source.length) fail(`an unexpected "${source[i]}"`);
  return tree;
}

const bounds = new WeakMap<Node, [number, number]>();
function range(n: Node): [number, number] {
  const known = bounds.get(n);
  if (known) return known;
  let r: [number, number];
  if (n.kind === 'chars') r = n.set.length ? [1, 1] : [Infinity, -Infinity];
  else if (n.kind === 'seq') r = n.items.map(range).reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0] as [number, number]);
  else if (n.kind === 'alt') {
    const rs = n.options.map(range);
    r = [Math.min(...rs.map((x) => x[0])), Math.max(...rs.map((x) => x[1]))];
  } else {
    const [a, b] = range(n.node);
    r = [a * n.min, b * n.max];
  }
  bounds.set(n, r);
  return r;
}

type Random = (n: number) => number;

/** A string of exactly `length` characters matched by `n`, or null when none is. */
function build(n: Node, length: number, rnd: Random): string | null {
  const [lo, hi] = range(n);
  if (length < lo || length > hi) return null;
  if (n.kind === 'chars') return n.set[rnd(n.set.length)];
  if (n.kind === 'alt') {
    const fitting = n.options.filter((o) => range(o)[0] <= length && length <= range(o)[1]);
    return build(fitting[rnd(fitting.length)], length, rnd);
  }
  const items = n.kind === 'seq' ? n.items : (() => {
    // A repetition: a count whose lengths can sum to `length`.
    const [a, b] = range(n.node);
    const counts: number[] = [];
    for (let c = n.min; c <= n.max; c++) if (c * a <= length && length <= c * b) counts.push(c);
    return Array.from({ length: counts[rnd(counts.length)] }, () => n.node);
  })();
  let out = '';
  let left = length;
  for (let k = 0; k < items.length; k++) {
    const rest = items.slice(k + 1).map(range).reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0] as [number, number]);
    const [a, b] = range(items[k]);
    const from = Math.max(a, left - rest[1]);
    const to = Math.min(b, left - rest[0]);
    if (from > to) return null;
    const take = from + rnd(to - from + 1);
    const part = build(items[k], take, rnd);
    if (part === null) return null;
    out += part;
    left -= take;
  }
  return left === 0 ? out : null;
}

export type PatternGenerator = (rnd: Random) => string;

/**
 * A generator of strings matching `pattern` with `minLength <= length <= maxLength`; throws a
 * PatternError naming the pattern when it uses what the generator cannot produce, or when no
 * string of those lengths matches it.
 */
export function patternGenerator(pattern: string, minLength = 0, maxLength = Infinity, flags = ''): PatternGenerator {
  const tree = parse(pattern, flags.includes('i'));
  const [lo, hi] = range(tree);
  const from = Math.max(lo, minLength);
  const to = Math.min(hi, maxLength, from + OPEN_MAX);
  if (from > to) throw new PatternError(`/${pattern}/ matches no string of ${minLength} to ${maxLength} characters`);
  return (rnd) => {
    // Short values mostly, as the fuzz sends many.
    const length = from + Math.min(rnd(to - from + 1), rnd(to - from + 1));
    const out = build(tree, length, rnd) ?? build(tree, from, rnd);
    if (out === null) throw new PatternError(`/${pattern}/: no string of ${length} characters found`);
    return out;
  };
}
