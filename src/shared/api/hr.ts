import { z } from 'zod';
import { CONTRACT_STATUSES, CONTRACT_TYPES } from '../hr/model.ts';
import { decimalString } from '../money/decimal-field.ts';
import { country, currency, iban, isoDate } from '../resources/fields.ts';

const amountMinor = z.number().int('whole_number').min(0, 'number_range').max(1_000_000_000_000, 'number_range');

export const contractBody = z
  .object({
    employee_id: z.uuid('reference_invalid'),
    type: z.enum(CONTRACT_TYPES),
    start_date: isoDate,
    end_date: isoDate.nullish().transform((v) => v ?? null),
    probation_months: z.number().int('whole_number').min(0, 'number_range').max(24, 'number_range').default(0),
    notice_days: z.number().int('whole_number').min(0, 'number_range').max(365, 'number_range').default(0),
    hours_per_week: z.union([z.number(), z.string()]).transform((v) => String(v)).pipe(decimalString({ min: '0', aboveMin: true, max: '80', places: 2 })),
    salary: z.object({ amount_minor: amountMinor, currency, period: z.enum(['month', 'year']) }),
  })
  .refine((c) => !c.end_date || c.end_date >= c.start_date, { message: 'end_before_start', path: ['end_date'] });
export type ContractBody = z.input<typeof contractBody>;
export const contractPatchBody = z.object({
  type: z.enum(CONTRACT_TYPES),
  start_date: isoDate,
  end_date: isoDate.nullable(),
  probation_months: z.number().int('whole_number').min(0, 'number_range').max(24, 'number_range'),
  notice_days: z.number().int('whole_number').min(0, 'number_range').max(365, 'number_range'),
  hours_per_week: z.union([z.number(), z.string()]).transform((v) => String(v)).pipe(decimalString({ min: '0', aboveMin: true, max: '80', places: 2 })),
  salary: z.object({ amount_minor: amountMinor, currency, period: z.enum(['month', 'year']) }),
}).partial();
export const contractEndBody = z.object({ end_date: isoDate, reason: z.string().trim().max(500, 'text_too_long').nullish().transform((v) => v || null) });

export const contractSchema = z.object({
  id: z.string(), employee_id: z.string(), employee_name: z.string(), type: z.enum(CONTRACT_TYPES), status: z.enum(CONTRACT_STATUSES),
  start_date: z.string(), end_date: z.string().nullable(), probation_months: z.number(), probation_end: z.string().nullable(), notice_days: z.number(), hours_per_week: z.string(),
  /** Null for a reader without `payroll.view`, unless it is their own contract. */
  salary: z.object({ amount_minor: z.number(), currency: z.string(), period: z.enum(['month', 'year']) }).nullable(),
  reason: z.string().nullable(), created_at: z.string(), updated_at: z.string(),
});
export type Contract = z.infer<typeof contractSchema>;
export const contractListQuery = z.object({ employee_id: z.uuid().optional(), status: z.enum(CONTRACT_STATUSES).optional() });

export const holidayQuery = z.object({
  country,
  year: z.coerce.number().int().min(1990).max(2100),
  /** A region of the country as date-holidays names it (GB: ENG, SCT, WLS, NIR). */
  region: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{1,3}$/).optional(),
});
export const holidaySchema = z.object({
  id: z.string().nullable(), country: z.string(), region: z.string(), date: z.string(), name: z.string(), counts: z.boolean(), note: z.string().nullable(), source: z.enum(['date-holidays', 'manual']),
});
export type Holiday = z.infer<typeof holidaySchema>;
export const holidayListSchema = z.object({ data: z.array(holidaySchema), meta: z.object({ imported: z.boolean(), source: z.string() }) });
export const holidayImportBody = holidayQuery;
export const holidayBody = z.object({
  country, region: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{0,3}$/).default(''), date: isoDate,
  name: z.string().trim().min(1, 'required').max(120, 'text_too_long'), counts: z.boolean().default(true),
  note: z.string().trim().max(300, 'text_too_long').nullish().transform((v) => v || null),
});
export const holidayPatchBody = z.object({ name: z.string().trim().min(1, 'required').max(120, 'text_too_long'), counts: z.boolean(), note: z.string().trim().max(300, 'text_too_long').nullable() }).partial();

export const LEAVE_STATUSES = ['pending_manager', 'pending_hr', 'approved', 'rejected', 'cancelled'] as const;
export const leaveRequestBody = z
  .object({
    /** Someone else's request (HR, with `hr.create`); one's own when left out. */
    employee_id: z.uuid('reference_invalid').nullish().transform((v) => v ?? null),
    leave_type_id: z.uuid('reference_invalid'),
    start_date: isoDate,
    end_date: isoDate,
    half_day_start: z.boolean().default(false),
    half_day_end: z.boolean().default(false),
    note: z.string().trim().max(500, 'text_too_long').nullish().transform((v) => v || null),
  })
  .refine((r) => r.end_date >= r.start_date, { message: 'end_before_start', path: ['end_date'] })
  // A year at most (parental leave included): longer leave is split into several requests, and no request makes the server count centuries of days.
  .refine((r) => Date.parse(r.end_date) - Date.parse(r.start_date) <= 365 * 86_400_000, { message: 'leave_too_long', path: ['end_date'] });
export type LeaveRequestBody = z.input<typeof leaveRequestBody>;
export const leaveRequestSchema = z.object({
  id: z.string(), employee_id: z.string(), employee_name: z.string(), leave_type: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  start_date: z.string(), end_date: z.string(), half_day_start: z.boolean(), half_day_end: z.boolean(),
  /** Working days taken, a decimal string ("7", "0.5"). */
  working_days: z.string(),
  status: z.enum(LEAVE_STATUSES), note: z.string().nullable(), reason: z.string().nullable(), created_at: z.string(),
});
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;
export const leaveListQuery = z.object({ scope: z.enum(['mine', 'team', 'all']).default('mine'), status: z.enum(LEAVE_STATUSES).optional() });
export const leaveRejectBody = z.object({ reason: z.string().trim().min(1, 'required').max(500, 'text_too_long') });
export const balanceSchema = z.object({
  leave_type: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  policy: z.object({ name: z.string(), yearly_allowance: z.string(), accrual: z.enum(['monthly', 'upfront']), carry_forward_limit: z.string(), carry_forward_expiry_months: z.number().nullable() }),
  /** Today's balance, what the year will have given by its end less what is approved or pending. */
  balance: z.string(), year_end: z.string(), pending: z.string(),
  ledger: z.array(z.object({ date: z.string(), kind: z.string(), days: z.string(), note: z.string().nullable() })),
});
export type LeaveBalance = z.infer<typeof balanceSchema>;

/** The account an employee is paid into: an IBAN, or an account number with the bank's code. */
export const bankAccountBody = z
  .object({
    holder: z.string().trim().min(1, 'required').max(140, 'text_too_long'),
    iban: iban.nullish().transform((v) => v ?? null),
    bic: z.string().trim().toUpperCase().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'bic_invalid').nullish().transform((v) => v || null),
    account_number: z.string().trim().regex(/^[0-9A-Za-z -]{4,34}$/, 'bank_account_number_invalid').nullish().transform((v) => v || null),
    bank_code: z.string().trim().max(20, 'text_too_long').nullish().transform((v) => v || null),
    bank_name: z.string().trim().max(140, 'text_too_long').nullish().transform((v) => v || null),
  })
  .refine((b) => b.iban || b.account_number, { message: 'bank_account_required', path: ['account_number'] });
export type BankAccountBody = z.input<typeof bankAccountBody>;
export const bankAccountSchema = z.object({
  employee_id: z.string(), holder: z.string(), iban: z.string().nullable(), bic: z.string().nullable(), account_number: z.string().nullable(),
  bank_code: z.string().nullable(), bank_name: z.string().nullable(), updated_at: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
