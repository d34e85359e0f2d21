import { describe, expect, it } from 'vitest';
import { evaluate, FormulaError, parseFormula } from './formula.ts';
import { componentOrder, monthlyMinor, payslip, type PayComponent } from './payroll.ts';
import { workingDays } from './leave.ts';

const run = (f: string, values: Record<string, string> = {}) => evaluate(parseFormula(f), values);

describe('formulas', () => {
  it('works out arithmetic exactly, with precedence, functions and comparisons', () => {
    expect(run('1 + 2 * 3')).toBe('7');
    expect(run('(1 + 2) * 3')).toBe('9');
    expect(run('0.1 + 0.2')).toBe('0.3');
    expect(run('BASE * 4.5 / 100', { BASE: '320000' })).toBe('14400');
    expect(run('min(BASE, 500000) * 0.08', { BASE: '642500' })).toBe('40000');
    expect(run('max(0, BASE - 104750) * 0.2', { BASE: '320000' })).toBe('43050');
    expect(run('round(10 / 3, 2)')).toBe('3.33');
    expect(run('floor(-1.5)')).toBe('-2');
    expect(run('ceil(1.2)')).toBe('2');
    expect(run('if(BASE > 100, 1, 1 / 0)', { BASE: '101' })).toBe('1');
    expect(run('-BASE', { base: '5', BASE: '5' })).toBe('-5');
  });

  it('refuses code: no property access, strings, calls of anything but its functions, or unknown names', () => {
    // A bare word is only ever a value looked up by name: without one given, it is refused.
    expect(() => run('this')).toThrow(/not known/);
    for (const bad of ['constructor.constructor("return process")()', 'BASE.toString()', '"a"', 'process.exit(1)', 'eval(1)', 'BASE; 1', 'require(1)', '[1]', 'x => 1', '`1`', 'BASE ** 2']) {
      expect(() => run(bad, { BASE: '1', X: '1' }), bad).toThrow(FormulaError);
    }
    expect(() => run('UNKNOWN + 1')).toThrow(/not known/);
    expect(() => run('1 / 0')).toThrow(/Division by zero/);
    expect(() => run('('.repeat(60) + '1' + ')'.repeat(60))).toThrow(FormulaError);
    expect(() => run('1'.repeat(501))).toThrow(/at most 500/);
  });
});

describe('payslips', () => {
  // November 2026 in England: Mon 2 – Mon 30, 21 weekdays, no bank holiday.
  const periodDays = workingDays('2026-11-01', '2026-11-30');
  const components: PayComponent[] = [
    { code: 'SHIFT', name: 'Port shift allowance', kind: 'earning', calc: 'fixed', amount_minor: 15_000 },
    { code: 'PENSION', name: 'Pension (employee, 5 %)', kind: 'deduction', calc: 'percentage', percentage: '5', of: 'GROSS_PAY' },
    { code: 'GROSS_PAY', name: 'Pensionable pay', kind: 'basis', calc: 'formula', formula: 'BASE + SHIFT' },
  ];

  it('prorates by payment days and unpaid leave, rounds per line and sums (worked by hand)', () => {
    expect(periodDays).toBe('21');
    // £38,500 a year = 3 850 000 pence ÷ 12 = 320 833.33 → 320 833 a month.
    const base = monthlyMinor(3_850_000, 'year');
    expect(base).toBe(320_833);
    // Joined Wed 11 November: 14 of the 21 working days; 1.5 days unpaid leave: 12.5 payment days.
    const slip = payslip({ base_minor: base, period_working_days: periodDays, employed_working_days: workingDays('2026-11-11', '2026-11-30'), unpaid_leave_days: '1.5', components });
    expect(slip.payment_days).toBe('12.5');
    // 320 833 × 12.5 ÷ 21 = 190 972.02… → 190 972.
    expect(slip.base_minor).toBe(190_972);
    // Pensionable pay 190 972 + 15 000 = 205 972; pension 5 % = 10 298.6 → 10 299.
    expect(slip.lines.map((l) => [l.code, l.amount_minor])).toEqual([['BASE', 190_972], ['SHIFT', 15_000], ['GROSS_PAY', 205_972], ['PENSION', 10_299]]);
    // Gross 190 972 + 15 000 = 205 972 (pensionable pay is a basis, not added again); net 205 972 − 10 299 = 195 673.
    expect([slip.gross_minor, slip.deductions_minor, slip.net_minor]).toEqual([205_972, 10_299, 195_673]);
  });

  it('pays a full month as the base, and nothing for a month of unpaid leave', () => {
    const full = payslip({ base_minor: 400_000, period_working_days: '21', employed_working_days: '21', unpaid_leave_days: '0', components: [] });
    expect([full.base_minor, full.gross_minor, full.net_minor]).toEqual([400_000, 400_000, 400_000]);
    const none = payslip({ base_minor: 400_000, period_working_days: '21', employed_working_days: '21', unpaid_leave_days: '21', components: [] });
    expect(none.net_minor).toBe(0);
  });

  it('refuses components that read each other in a circle or read what is not there', () => {
    expect(() => componentOrder([
      { code: 'A', name: 'A', kind: 'earning', calc: 'formula', formula: 'B + 1' },
      { code: 'B', name: 'B', kind: 'earning', calc: 'formula', formula: 'A + 1' },
    ])).toThrow(/circle: A → B → A/);
    expect(() => componentOrder([{ code: 'A', name: 'A', kind: 'earning', calc: 'percentage', percentage: '5', of: 'NOPE' }])).toThrow(/not a component/);
  });
});
