import { describe, expect, it } from 'vitest';
import { accrualEntries, balanceOf, buildLedger, plusMonths, workingDays, yearEnd, type LeavePolicy } from './leave.ts';

// England and Wales, December 2026: Christmas Day Friday 25th, Boxing Day (substitute) Monday 28th.
const GB_2026 = new Set(['2026-12-25', '2026-12-28']);

describe('working days', () => {
  it('counts Monday to Friday less public holidays, by calendar date', () => {
    // Mon 21 – Fri 25 Dec: 5 weekdays less Christmas = 4.
    expect(workingDays('2026-12-21', '2026-12-25', { holidays: GB_2026 })).toBe('4');
    // Mon 21 Dec – Fri 1 Jan 2027: 10 weekdays less 25th and 28th (1 Jan not in the set) = 8.
    expect(workingDays('2026-12-21', '2027-01-01', { holidays: GB_2026 })).toBe('8');
    // A weekend only: 0.
    expect(workingDays('2026-12-26', '2026-12-27', { holidays: GB_2026 })).toBe('0');
  });

  it('takes half days at either end, only where the day is worked', () => {
    // Wed 16 – Fri 18 Dec from noon on the 16th: 3 − 0.5 = 2.5.
    expect(workingDays('2026-12-16', '2026-12-18', { halfDayStart: true })).toBe('2.5');
    // … and until noon on the 18th too: 2.
    expect(workingDays('2026-12-16', '2026-12-18', { halfDayStart: true, halfDayEnd: true })).toBe('2');
    // One morning: 0.5.
    expect(workingDays('2026-12-17', '2026-12-17', { halfDayEnd: true })).toBe('0.5');
    // A half day on a holiday takes nothing: Thu 24 – Fri 25 with the 25th off and a half day at the end = 1.
    expect(workingDays('2026-12-24', '2026-12-25', { holidays: GB_2026, halfDayEnd: true })).toBe('1');
  });

  it('follows a working pattern other than Monday to Friday (a port shift Tuesday to Saturday)', () => {
    // Mon 14 – Sun 20 Dec 2026 on Tue–Sat: 5.
    expect(workingDays('2026-12-14', '2026-12-20', { workdays: [2, 3, 4, 5, 6] })).toBe('5');
  });

  it('refuses a leave that ends before it starts', () => {
    expect(() => workingDays('2026-12-18', '2026-12-17')).toThrow(RangeError);
  });
});

const monthly: LeavePolicy = { yearly_allowance: '25', accrual: 'monthly', carry_forward_limit: '5', carry_forward_expiry_months: 3 };
const upfront: LeavePolicy = { yearly_allowance: '28', accrual: 'upfront', carry_forward_limit: '0', carry_forward_expiry_months: null };

describe('accrual', () => {
  it('gives a twelfth a month, the last month taking the rounding, exact over a year', () => {
    const entries = accrualEntries(monthly, 2026, { start: '2024-03-01' });
    // 25 ÷ 12 = 2.0833… → 2.08 for eleven months (22.88); December 25 − 22.88 = 2.12.
    expect(entries).toHaveLength(12);
    expect(entries[0]).toEqual({ date: '2026-01-01', kind: 'accrual', days: '2.08' });
    expect(entries[11]).toEqual({ date: '2026-12-01', kind: 'accrual', days: '2.12' });
    expect(balanceOf(entries)).toBe('25');
    // By the end of June: 6 × 2.08 = 12.48.
    expect(balanceOf(entries, '2026-06-30')).toBe('12.48');
  });

  it('starts with the start month and stops after the end month', () => {
    // Joined 14 September: September to December, 3 × 2.08 + 2.12 = 8.36.
    expect(balanceOf(accrualEntries(monthly, 2026, { start: '2026-09-14' }))).toBe('8.36');
    // Left 10 April: January to April, 4 × 2.08 = 8.32.
    expect(balanceOf(accrualEntries(monthly, 2026, { start: '2020-01-01', end: '2026-04-10' }))).toBe('8.32');
    expect(accrualEntries(monthly, 2026, { start: '2027-01-04' })).toEqual([]);
  });

  it('allocates up front, prorated by whole months for a joiner', () => {
    expect(accrualEntries(upfront, 2026, { start: '2019-05-01' })).toEqual([{ date: '2026-01-01', kind: 'allocation', days: '28' }]);
    // Joined 1 July: 6 months, 28 × 6 ÷ 12 = 14.
    expect(accrualEntries(upfront, 2026, { start: '2026-07-01' })).toEqual([{ date: '2026-07-01', kind: 'allocation', days: '14' }]);
    // Joined 20 February: 11 months, 28 × 11 ÷ 12 = 25.666… → 25.67.
    expect(accrualEntries(upfront, 2026, { start: '2026-02-20' })[0].days).toBe('25.67');
  });
});

describe('carry-forward and expiry across a year end', () => {
  it('carries up to the limit, lets the rest expire on 31 December, and the untaken carried days on the expiry date', () => {
    // 25 accrued, 17.5 taken: 7.5 left. Limit 5: 2.5 expire on 31 Dec, 5 move into 2027.
    // By 1 April 2027 (3 months) 2 days were taken: the 3 carried days not taken expire then.
    const entries = yearEnd(monthly, 2026, '7.5', '2');
    expect(entries).toEqual([
      { date: '2026-12-31', kind: 'expiry', days: '-2.5', note: 'over the carry-forward limit' },
      { date: '2026-12-31', kind: 'carry_forward', days: '-5', note: 'into 2027' },
      { date: '2027-01-01', kind: 'carry_forward', days: '5', note: 'from 2026' },
      { date: '2027-04-01', kind: 'expiry', days: '-3', note: 'days carried from 2026 not taken' },
    ]);
    // The 2026 ledger closes at 0; 2027 starts with 5, and by 2 April: 5 + 2.08 × 4 accruals − 2 taken − 3 expired = 8.32.
    const ledger2026 = [...accrualEntries(monthly, 2026, { start: '2024-03-01' }), { date: '2026-08-10', kind: 'taken' as const, days: '-17.5' }, ...entries.filter((e) => e.date <= '2026-12-31')];
    expect(balanceOf(ledger2026)).toBe('0');
    const ledger2027 = [...entries.filter((e) => e.date >= '2027-01-01'), ...accrualEntries(monthly, 2027, { start: '2024-03-01' }), { date: '2027-02-15', kind: 'taken' as const, days: '-2' }];
    expect(balanceOf(ledger2027, '2027-04-02')).toBe('8.32');
  });

  it('carries nothing without a limit, and nothing expires when the carried days were all taken', () => {
    expect(yearEnd(upfront, 2026, '3')).toEqual([{ date: '2026-12-31', kind: 'expiry', days: '-3', note: 'over the carry-forward limit' }]);
    expect(yearEnd(monthly, 2026, '4', '6').map((e) => e.kind)).toEqual(['carry_forward', 'carry_forward']);
    expect(yearEnd(monthly, 2026, '-1')).toEqual([]);
  });

  it('moves by whole months, to the month’s last day when shorter', () => {
    expect(plusMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(plusMonths('2027-01-01', 3)).toBe('2027-04-01');
  });
});

describe('the whole ledger', () => {
  it('runs from the first year with the year ends in between, its sum the balance', () => {
    // Joined 1 October 2025: October and November 2.08, December 2.12 (the month that takes the rounding) = 6.28;
    // 1.5 taken in November: 4.78 left, all carried (limit 5).
    // 2026: 4.78 carried; 1 taken on 10 February (before the 1 April expiry): 3.78 of the carried days expire on 1 April.
    const ledger = buildLedger(monthly, { start: '2025-10-01' }, [
      { date: '2025-11-20', kind: 'taken', days: '-1.5' },
      { date: '2026-02-10', kind: 'taken', days: '-1' },
    ], 2026);
    expect(ledger.filter((e) => e.kind === 'carry_forward').map((e) => [e.date, e.days])).toEqual([['2025-12-31', '-4.78'], ['2026-01-01', '4.78']]);
    expect(ledger.find((e) => e.kind === 'expiry')).toEqual({ date: '2026-04-01', kind: 'expiry', days: '-3.78', note: 'days carried from 2025 not taken' });
    expect(balanceOf(ledger, '2025-12-31')).toBe('0');
    // 1 April 2026: 4.78 + 4 × 2.08 − 1 − 3.78 = 8.32.
    expect(balanceOf(ledger, '2026-04-01')).toBe('8.32');
    // The end of 2026: 4.78 + 25 − 1 − 3.78 = 25.
    expect(balanceOf(ledger)).toBe('25');
  });
});
