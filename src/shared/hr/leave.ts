import { Decimal, HALF_AWAY_FROM_ZERO } from '../money/decimal.ts';

/**
 * Leave as a forwarder's HR counts it (issue 13): local dates (`YYYY-MM-DD`, never shifted by a
 * time zone), working days Monday to Friday less the public holidays of the employee's country,
 * half days, and a ledger of allocations, accruals, carry-forwards, expiries and leave taken whose
 * sum is the balance. Days are decimal strings ("7", "0.5", "1.67"), never floats.
 */
export type LocalDate = string;
export const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

const ms = (d: LocalDate) => Date.parse(`${d}T00:00:00Z`);
/** A local date moved by whole days. */
export const plusDays = (d: LocalDate, days: number): LocalDate => new Date(ms(d) + days * 86_400_000).toISOString().slice(0, 10);
/** 0 Sunday … 6 Saturday, of the calendar date itself. */
export const weekday = (d: LocalDate): number => new Date(ms(d)).getUTCDay();
/** The last day of a date's month. */
export const monthEnd = (d: LocalDate): LocalDate => new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)), 0)).toISOString().slice(0, 10);
/** A date some whole months later (the same day, or the month's last when it has fewer days). */
export function plusMonths(d: LocalDate, months: number): LocalDate {
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7)) - 1 + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(Number(d.slice(8, 10)), last))).toISOString().slice(0, 10);
}

export type WorkingDayOptions = {
  /** Dates off for everyone in the employee's country (public holidays). */
  holidays?: ReadonlySet<LocalDate>;
  /** Days of the week worked (0 Sunday … 6 Saturday); Monday to Friday by default. */
  workdays?: readonly number[];
  /** The first day is taken from noon (half a day). */
  halfDayStart?: boolean;
  /** The last day is taken until noon (half a day). */
  halfDayEnd?: boolean;
};

/** Whether a date is worked: a working weekday and not a public holiday. */
export const isWorkingDay = (d: LocalDate, o: Pick<WorkingDayOptions, 'holidays' | 'workdays'> = {}) =>
  (o.workdays ?? [1, 2, 3, 4, 5]).includes(weekday(d)) && !o.holidays?.has(d);

/**
 * The working days a request from `start` to `end` (both included) takes, as a decimal string.
 * A half day at either end counts 0.5 when that day is worked; a single day with a half day is 0.5.
 */
export function workingDays(start: LocalDate, end: LocalDate, o: WorkingDayOptions = {}): string {
  if (end < start) throw new RangeError('The leave ends before it starts.');
  let halves = 0;
  for (let d = start; d <= end; d = plusDays(d, 1)) if (isWorkingDay(d, o)) halves += 2;
  if (start === end) {
    if ((o.halfDayStart || o.halfDayEnd) && isWorkingDay(start, o)) halves = 1;
  } else {
    if (o.halfDayStart && isWorkingDay(start, o)) halves -= 1;
    if (o.halfDayEnd && isWorkingDay(end, o)) halves -= 1;
  }
  return new Decimal(String(halves)).div('2').toFixed();
}

export type LeavePolicy = {
  /** Days a full year gives. */
  yearly_allowance: string;
  /** `upfront`: the year's days on 1 January (or the start date); `monthly`: a twelfth on the 1st of each month. */
  accrual: 'upfront' | 'monthly';
  /** Days at most carried into the next year (0: none). */
  carry_forward_limit: string;
  /** Months after 1 January when carried days not taken expire (null: they do not). */
  carry_forward_expiry_months: number | null;
};

export type LedgerKind = 'allocation' | 'accrual' | 'carry_forward' | 'expiry' | 'taken' | 'adjustment';
export type LedgerEntry = { date: LocalDate; kind: LedgerKind; days: string; note?: string };

const round2 = (d: Decimal) => d.round(2, HALF_AWAY_FROM_ZERO);

/**
 * The entries a policy gives an employee in `year` (pure, its own tests): `upfront`, one allocation
 * on the later of 1 January and the start date, prorated by the whole months left (the start month
 * counting in full); `monthly`, on the 1st of each month employed, the twelfth of the allowance
 * rounded to 2 places, the December entry taking what rounding left so that a full year is exact.
 * Months after the end date give nothing.
 */
export function accrualEntries(policy: LeavePolicy, year: number, employed: { start: LocalDate; end?: LocalDate | null }): LedgerEntry[] {
  const jan1 = `${year}-01-01`;
  const dec31 = `${year}-12-31`;
  if (employed.start > dec31 || (employed.end && employed.end < jan1)) return [];
  const allowance = new Decimal(policy.yearly_allowance);
  const first = employed.start > jan1 ? Number(employed.start.slice(5, 7)) : 1;
  const last = employed.end && employed.end < dec31 ? Number(employed.end.slice(5, 7)) : 12;
  if (policy.accrual === 'upfront') {
    const months = last - first + 1;
    const days = months === 12 ? allowance : round2(allowance.times(String(months)).div('12'));
    return [{ date: employed.start > jan1 ? employed.start : jan1, kind: 'allocation', days: days.toFixed() }];
  }
  const twelfth = round2(allowance.div('12'));
  const out: LedgerEntry[] = [];
  for (let m = first; m <= last; m++) {
    const days = m === 12 ? allowance.minus(twelfth.times('11')) : twelfth;
    out.push({ date: `${year}-${String(m).padStart(2, '0')}-01`, kind: 'accrual', days: days.toFixed() });
  }
  return out;
}

/** The balance of a ledger on a date (entries dated up to it), or in all. */
export function balanceOf(entries: readonly LedgerEntry[], on?: LocalDate): string {
  return entries.filter((e) => !on || e.date <= on).reduce((sum, e) => sum.plus(e.days), new Decimal('0')).toFixed();
}

/**
 * What happens at the end of `year` to a balance: up to the limit is carried forward into the next
 * year (dated 1 January), the rest expires on 31 December; if carried days expire, the part of them
 * not taken by the expiry date goes then. `takenBeforeExpiry` is what the employee took from
 * 1 January until that date (taken days count against carried days first).
 */
export function yearEnd(policy: LeavePolicy, year: number, balance: string, takenBeforeExpiry = '0'): LedgerEntry[] {
  const left = new Decimal(balance);
  if (left.lte('0')) return [];
  const limit = new Decimal(policy.carry_forward_limit);
  const carried = left.gt(limit) ? limit : left;
  const out: LedgerEntry[] = [];
  const lost = left.minus(carried);
  if (lost.gt('0')) out.push({ date: `${year}-12-31`, kind: 'expiry', days: lost.times('-1').toFixed(), note: 'over the carry-forward limit' });
  if (carried.gt('0')) {
    out.push({ date: `${year}-12-31`, kind: 'carry_forward', days: carried.times('-1').toFixed(), note: `into ${year + 1}` });
    out.push({ date: `${year + 1}-01-01`, kind: 'carry_forward', days: carried.toFixed(), note: `from ${year}` });
    if (policy.carry_forward_expiry_months !== null) {
      const unused = carried.minus(new Decimal(takenBeforeExpiry));
      if (unused.gt('0')) out.push({ date: plusMonths(`${year + 1}-01-01`, policy.carry_forward_expiry_months), kind: 'expiry', days: unused.times('-1').toFixed(), note: `days carried from ${year} not taken` });
    }
  }
  return out;
}

/**
 * The whole ledger of one employee and leave type from their first year to `toYear`: the policy's
 * allocations or accruals, the stored entries (leave taken, adjustments), and at each year end the
 * carry-forward and the expiries. Pure: the same inputs always give the same ledger; the balance on
 * a date is its sum up to that date.
 */
export function buildLedger(policy: LeavePolicy, employed: { start: LocalDate; end?: LocalDate | null }, stored: readonly LedgerEntry[], toYear: number): LedgerEntry[] {
  const firstYear = Number(employed.start.slice(0, 4));
  const out: LedgerEntry[] = [];
  for (let year = firstYear; year <= toYear; year++) {
    out.push(...accrualEntries(policy, year, employed), ...stored.filter((e) => e.date.startsWith(`${year}-`)));
    if (year === toYear) break;
    const balance = balanceOf(out);
    const expiry = policy.carry_forward_expiry_months === null ? null : plusMonths(`${year + 1}-01-01`, policy.carry_forward_expiry_months);
    const takenBefore = expiry
      ? stored.filter((e) => e.kind === 'taken' && e.date >= `${year + 1}-01-01` && e.date < expiry).reduce((sum, e) => sum.minus(e.days), new Decimal('0')).toFixed()
      : '0';
    out.push(...yearEnd(policy, year, balance, takenBefore));
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
}
const KIND_ORDER: LedgerKind[] = ['carry_forward', 'allocation', 'accrual', 'adjustment', 'taken', 'expiry'];
