import { Decimal, HALF_AWAY_FROM_ZERO } from '../money/decimal.ts';
import { evaluate, FormulaError, namesIn, parseFormula } from './formula.ts';

/**
 * A payslip worked out (issue 13, item 4), pure: the base salary prorated by payment days — the
 * working days of the period (Monday to Friday less the employee's public holidays) that they were
 * employed, less their unpaid leave — then the pay components in dependency order. Every component
 * is rounded to the minor unit (half away from zero) as it is worked out; the totals are sums of
 * those. FYN computes no country's tax: statutory deductions are components the organisation writes.
 */
export type PayComponent = {
  code: string;
  name: string;
  /** `basis`: a figure others read (pensionable pay), shown on the payslip but not added to the totals. */
  kind: 'earning' | 'deduction' | 'basis';
  /** fixed: `amount_minor`; percentage: `percentage` % of the component `of` (or BASE); formula: `formula`. */
  calc: 'fixed' | 'percentage' | 'formula';
  amount_minor?: number | null;
  percentage?: string | null;
  of?: string | null;
  formula?: string | null;
};

export type PayslipInput = {
  /** The salary of a full period in minor units (a yearly salary divided by 12 before). */
  base_minor: number;
  period_working_days: string;
  /** Working days of the period the employee was employed. */
  employed_working_days: string;
  unpaid_leave_days: string;
  components: readonly PayComponent[];
};

export type PayslipLine = { code: string; name: string; kind: PayComponent['kind']; amount_minor: number };
export type Payslip = { payment_days: string; base_minor: number; lines: PayslipLine[]; gross_minor: number; deductions_minor: number; net_minor: number };

const minor = (d: Decimal) => Number(d.round(0, HALF_AWAY_FROM_ZERO).toFixed(0));

/** A yearly or monthly salary as the pay of one month, in minor units (a twelfth of a year, rounded). */
export const monthlyMinor = (amountMinor: number, period: 'month' | 'year') => (period === 'month' ? amountMinor : minor(new Decimal(String(amountMinor)).div('12')));

/** The order in which components can be worked out (those they read first), or an error naming the cycle. */
export function componentOrder(components: readonly PayComponent[]): PayComponent[] {
  const byCode = new Map(components.map((c) => [c.code.toUpperCase(), c]));
  const needs = (c: PayComponent): string[] => {
    if (c.calc === 'percentage') return c.of && c.of.toUpperCase() !== 'BASE' ? [c.of.toUpperCase()] : [];
    if (c.calc === 'formula') return [...namesIn(parseFormula(c.formula ?? ''))].filter((n) => byCode.has(n));
    return [];
  };
  const out: PayComponent[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (c: PayComponent, path: string[]) => {
    const code = c.code.toUpperCase();
    if (state.get(code) === 'done') return;
    if (state.get(code) === 'visiting') throw new FormulaError(`The components read each other in a circle: ${[...path, code].join(' → ')}.`);
    state.set(code, 'visiting');
    for (const n of needs(c)) {
      const dep = byCode.get(n);
      if (!dep) throw new FormulaError(`${c.code} reads ${n}, which is not a component.`);
      visit(dep, [...path, code]);
    }
    state.set(code, 'done');
    out.push(c);
  };
  for (const c of components) visit(c, []);
  return out;
}

export function payslip(input: PayslipInput): Payslip {
  const period = new Decimal(input.period_working_days);
  const paid = new Decimal(input.employed_working_days).minus(input.unpaid_leave_days);
  const paymentDays = paid.lt('0') ? new Decimal('0') : paid;
  const base = period.eq('0') ? 0 : minor(new Decimal(String(input.base_minor)).times(paymentDays).div(period));
  const values: Record<string, string> = {
    BASE: String(base), FULL_BASE: String(input.base_minor), PAYMENT_DAYS: paymentDays.toFixed(), PERIOD_DAYS: period.toFixed(), UNPAID_DAYS: new Decimal(input.unpaid_leave_days).toFixed(),
  };
  const lines: PayslipLine[] = [{ code: 'BASE', name: 'Base salary', kind: 'earning', amount_minor: base }];
  for (const c of componentOrder(input.components)) {
    let amount: Decimal;
    if (c.calc === 'fixed') amount = new Decimal(String(c.amount_minor ?? 0));
    else if (c.calc === 'percentage') amount = new Decimal(values[(c.of ?? 'BASE').toUpperCase()] ?? '0').times(c.percentage ?? '0').div('100');
    else amount = new Decimal(evaluate(parseFormula(c.formula ?? ''), values));
    const rounded = minor(amount);
    values[c.code.toUpperCase()] = String(rounded);
    lines.push({ code: c.code, name: c.name, kind: c.kind, amount_minor: rounded });
  }
  const gross = lines.filter((l) => l.kind === 'earning').reduce((n, l) => n + l.amount_minor, 0);
  const deductions = lines.filter((l) => l.kind === 'deduction').reduce((n, l) => n + l.amount_minor, 0);
  return { payment_days: paymentDays.toFixed(), base_minor: base, lines, gross_minor: gross, deductions_minor: deductions, net_minor: gross - deductions };
}
