import { Decimal, HALF_AWAY_FROM_ZERO } from '../money/decimal.ts';

/**
 * A sandboxed expression language for pay components (issue 13, item 4): numbers, component codes
 * and a few variables, + − × ÷, comparisons (1 or 0), parentheses, and the functions min, max,
 * round(x, places), floor, ceil, abs and if(condition, then, else). It is parsed here into a tree
 * and evaluated with exact decimals: no `eval`, no `Function`, no property access, no strings, so a
 * formula cannot reach anything but the values it is given.
 */
export class FormulaError extends Error {}

type Node =
  | { k: 'num'; v: string }
  | { k: 'var'; name: string }
  | { k: 'neg'; a: Node }
  | { k: 'bin'; op: string; a: Node; b: Node }
  | { k: 'call'; fn: string; args: Node[] };

const FUNCTIONS: Record<string, [min: number, max: number]> = { min: [2, 10], max: [2, 10], round: [1, 2], floor: [1, 1], ceil: [1, 1], abs: [1, 1], if: [3, 3] };
export const MAX_FORMULA_LENGTH = 500;
const MAX_DEPTH = 40;

type Token = { t: 'num' | 'id' | 'op' | '(' | ')' | ','; v: string; at: number };

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (/\s/.test(ch)) { i++; continue; }
    const num = /^\d+(\.\d+)?/.exec(src.slice(i));
    if (num) { out.push({ t: 'num', v: num[0], at: i }); i += num[0].length; continue; }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
    if (id) { out.push({ t: 'id', v: id[0], at: i }); i += id[0].length; continue; }
    const op = /^(<=|>=|==|!=|[-+*/<>])/.exec(src.slice(i));
    if (op) { out.push({ t: 'op', v: op[0], at: i }); i += op[0].length; continue; }
    if (ch === '(' || ch === ')' || ch === ',') { out.push({ t: ch, v: ch, at: i }); i++; continue; }
    throw new FormulaError(`“${ch}” is not allowed in a formula (position ${i + 1}).`);
  }
  return out;
}

/** Parses a formula into its tree, or throws FormulaError with what is wrong. */
export function parseFormula(src: string): Node {
  if (src.length > MAX_FORMULA_LENGTH) throw new FormulaError(`A formula has at most ${MAX_FORMULA_LENGTH} characters.`);
  const tokens = tokenize(src);
  let pos = 0;
  const peek = () => tokens[pos];
  const take = (t: Token['t'], v?: string) => {
    const tok = tokens[pos];
    if (!tok || tok.t !== t || (v !== undefined && tok.v !== v)) throw new FormulaError(tok ? `Unexpected “${tok.v}” (position ${tok.at + 1}).` : 'The formula ends too early.');
    pos++;
    return tok;
  };
  const level = (depth: number): Node => {
    if (depth > MAX_DEPTH) throw new FormulaError('The formula is nested too deeply.');
    return comparison(depth);
  };
  const comparison = (depth: number): Node => {
    let a = sum(depth);
    while (peek()?.t === 'op' && ['<', '<=', '>', '>=', '==', '!='].includes(peek().v)) {
      const op = take('op').v;
      a = { k: 'bin', op, a, b: sum(depth) };
    }
    return a;
  };
  const sum = (depth: number): Node => {
    let a = product(depth);
    while (peek()?.t === 'op' && (peek().v === '+' || peek().v === '-')) {
      const op = take('op').v;
      a = { k: 'bin', op, a, b: product(depth) };
    }
    return a;
  };
  const product = (depth: number): Node => {
    let a = unary(depth);
    while (peek()?.t === 'op' && (peek().v === '*' || peek().v === '/')) {
      const op = take('op').v;
      a = { k: 'bin', op, a, b: unary(depth) };
    }
    return a;
  };
  const unary = (depth: number): Node => {
    if (peek()?.t === 'op' && peek().v === '-') {
      take('op');
      return { k: 'neg', a: unary(depth + 1) };
    }
    return primary(depth);
  };
  const primary = (depth: number): Node => {
    const tok = peek();
    if (!tok) throw new FormulaError('The formula ends too early.');
    if (tok.t === 'num') {
      pos++;
      return { k: 'num', v: tok.v };
    }
    if (tok.t === '(') {
      take('(');
      const inner = level(depth + 1);
      take(')');
      return inner;
    }
    if (tok.t === 'id') {
      pos++;
      if (peek()?.t === '(') {
        const fn = tok.v.toLowerCase();
        const arity = FUNCTIONS[fn];
        if (!arity) throw new FormulaError(`“${tok.v}” is not a function of formulas (min, max, round, floor, ceil, abs, if).`);
        take('(');
        const args: Node[] = [level(depth + 1)];
        while (peek()?.t === ',') {
          take(',');
          args.push(level(depth + 1));
        }
        take(')');
        if (args.length < arity[0] || args.length > arity[1]) throw new FormulaError(`${fn} takes ${arity[0] === arity[1] ? arity[0] : `${arity[0]} to ${arity[1]}`} values.`);
        return { k: 'call', fn, args };
      }
      return { k: 'var', name: tok.v.toUpperCase() };
    }
    throw new FormulaError(`Unexpected “${tok.v}” (position ${tok.at + 1}).`);
  };
  const tree = level(0);
  if (pos < tokens.length) throw new FormulaError(`Unexpected “${tokens[pos].v}” (position ${tokens[pos].at + 1}).`);
  return tree;
}

/** The names a formula reads (component codes and variables), upper case. */
export function namesIn(node: Node): Set<string> {
  const out = new Set<string>();
  const walk = (n: Node) => {
    if (n.k === 'var') out.add(n.name);
    else if (n.k === 'neg') walk(n.a);
    else if (n.k === 'bin') { walk(n.a); walk(n.b); }
    else if (n.k === 'call') n.args.forEach(walk);
  };
  walk(node);
  return out;
}

/** Evaluates a parsed formula with exact decimals over the given values (decimal strings), answering a decimal string. */
export function evaluate(node: Node, values: Readonly<Record<string, string>>): string {
  const ev = (n: Node): Decimal => {
    switch (n.k) {
      case 'num': return new Decimal(n.v);
      case 'var': {
        const v = values[n.name];
        if (v === undefined) throw new FormulaError(`“${n.name}” is not known here.`);
        return new Decimal(v);
      }
      case 'neg': return ev(n.a).times('-1');
      case 'bin': {
        const a = ev(n.a);
        const b = ev(n.b);
        switch (n.op) {
          case '+': return a.plus(b);
          case '-': return a.minus(b);
          case '*': return a.times(b);
          case '/': if (b.eq('0')) throw new FormulaError('Division by zero.'); return a.div(b);
          case '<': return new Decimal(a.lt(b) ? '1' : '0');
          case '<=': return new Decimal(a.lte(b) ? '1' : '0');
          case '>': return new Decimal(a.gt(b) ? '1' : '0');
          case '>=': return new Decimal(a.gte(b) ? '1' : '0');
          case '==': return new Decimal(a.eq(b) ? '1' : '0');
          default: return new Decimal(a.eq(b) ? '0' : '1');
        }
      }
      case 'call': {
        // Only the branch taken is worked out (the other may divide by zero).
        if (n.fn === 'if') return ev(n.args[0]).eq('0') ? ev(n.args[2]) : ev(n.args[1]);
        const args = n.args.map(ev);
        switch (n.fn) {
          case 'min': return args.reduce((m, x) => (x.lt(m) ? x : m));
          case 'max': return args.reduce((m, x) => (x.gt(m) ? x : m));
          case 'round': return args[0].round(args[1] ? Number(args[1].toFixed(0)) : 0, HALF_AWAY_FROM_ZERO);
          case 'floor': {
            const t = args[0].round(0, 0);
            return t.gt(args[0]) ? t.minus('1') : t;
          }
          case 'ceil': {
            const t = args[0].round(0, 0);
            return t.lt(args[0]) ? t.plus('1') : t;
          }
          default: return args[0].abs();
        }
      }
    }
  };
  return ev(node).toFixed();
}
