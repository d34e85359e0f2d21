import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { organisations } from './organisations.ts';
import { departmentsTable, member, tenantTable } from './tenant.ts';

/**
 * An employee record for a staff member's employment (resource `employees`): job, department, manager, work
 * location (UN/LOCODE; its country's holidays apply), employment type, dates, working pattern and
 * the currency they are paid in.
 */
export const employeesTable = tenantTable('employees', {
  user_id: uuid('user_id').notNull(),
  job_title: text('job_title').notNull(),
  department_id: uuid('department_id'),
  manager_id: uuid('manager_id'),
  work_location: text('work_location').notNull(),
  employment_type: text('employment_type').notNull(),
  start_date: date('start_date').notNull(),
  end_date: date('end_date'),
  working_pattern: text('working_pattern').notNull().default('mon_fri'),
  salary_currency: text('salary_currency').notNull(),
}, {
  search: ['job_title', 'work_location'],
  // One record per employment: someone who leaves and is hired again gets a second one.
  unique: [['user_id', 'start_date']],
  indexes: [['department_id'], ['manager_id'], ['start_date'], ['job_title']],
  references: [{ column: 'user_id', table: member }, { column: 'manager_id', table: member }, { column: 'department_id', table: () => departmentsTable }],
});

/**
 * Public holidays by country (and region), imported from date-holidays (ISC; its data CC BY-SA 3.0)
 * into the organisation's own list and editable there: `counts` false keeps a day that applies to
 * some people only (Women's Day in China) without taking it off everyone's leave.
 */
export const holidays = pgTable('holidays', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  id: uuid().notNull(),
  country: text().notNull(),
  region: text().notNull().default(''),
  date: date({ mode: 'string' }).notNull(),
  name: text().notNull(),
  counts: boolean().notNull().default(true),
  note: text(),
  source: text().notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  uniqueIndex('holidays_day_key').on(t.organisation_id, t.country, t.region, t.date, t.name),
  index('holidays_country_idx').on(t.organisation_id, t.country, t.date),
  check('holidays_source_check', sql`${t.source} in ('date-holidays', 'manual')`),
]);

/**
 * An employment contract: `draft → active → ended | terminated`. Two active contracts of one
 * employee never overlap: an exclusion constraint over the date ranges (migration 0017), so that
 * two activations at once cannot both pass a check.
 */
export const contracts = pgTable('contracts', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  employee_id: uuid().notNull(),
  type: text().notNull(),
  status: text().notNull().default('draft'),
  start_date: date({ mode: 'string' }).notNull(),
  end_date: date({ mode: 'string' }),
  probation_months: integer().notNull().default(0),
  notice_days: integer().notNull().default(0),
  hours_per_week: text().notNull(),
  salary_minor: bigint({ mode: 'number' }).notNull(),
  salary_currency: text().notNull(),
  salary_period: text().notNull(),
  reason: text(),
  /** When HR and the manager were told the contract ends (once), and that the probation ends. */
  end_reminded_at: timestamp({ withTimezone: true }),
  probation_reminded_at: timestamp({ withTimezone: true }),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  index('contracts_employee_idx').on(t.organisation_id, t.employee_id, t.start_date),
  index('contracts_status_idx').on(t.organisation_id, t.status, t.end_date),
  foreignKey({ name: 'contracts_employee_fk', columns: [t.organisation_id, t.employee_id], foreignColumns: [employeesTable.organisation_id, employeesTable.id] }).onDelete('restrict'),
  check('contracts_status_check', sql`${t.status} in ('draft', 'active', 'ended', 'terminated')`),
  check('contracts_dates_check', sql`${t.end_date} is null or ${t.end_date} >= ${t.start_date}`),
  check('contracts_period_check', sql`${t.salary_period} in ('month', 'year')`),
]);

/** Kinds of leave (annual, sick, unpaid, parental …): whether paid, whether they use the balance, whether HR approves after the manager. */
export const leaveTypesTable = tenantTable('leave_types', {
  code: text('code').notNull(),
  name: text('name').notNull(),
  paid: boolean('paid').notNull().default(true),
  deducts_balance: boolean('deducts_balance').notNull().default(true),
  requires_hr_approval: boolean('requires_hr_approval').notNull().default(false),
  allow_half_days: boolean('allow_half_days').notNull().default(true),
  active: boolean('active').notNull().default(true),
}, { search: ['code', 'name'], unique: [['code']], indexes: [['name']] });

/** How a leave type's balance grows: yearly allowance, monthly or up front, carry-forward limit and expiry; for a country or for all. */
export const leavePoliciesTable = tenantTable('leave_policies', {
  leave_type_id: uuid('leave_type_id').notNull(),
  name: text('name').notNull(),
  country: text('country'),
  yearly_allowance: text('yearly_allowance').notNull(),
  accrual: text('accrual').notNull().default('monthly'),
  carry_forward_limit: text('carry_forward_limit').notNull().default('0'),
  carry_forward_expiry_months: integer('carry_forward_expiry_months'),
}, {
  search: ['name'],
  unique: [['leave_type_id', 'country']],
  indexes: [['name']],
  references: [{ column: 'leave_type_id', table: () => leaveTypesTable }],
});

/**
 * A leave request: `pending_manager → pending_hr (when the type asks) → approved`, or rejected,
 * or cancelled by the employee. `working_days` is worked out by the server (holidays of the
 * employee's country, working pattern, half days) and kept as a decimal string.
 */
export const leaveRequests = pgTable('leave_requests', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  employee_id: uuid().notNull(),
  leave_type_id: uuid().notNull(),
  start_date: date({ mode: 'string' }).notNull(),
  end_date: date({ mode: 'string' }).notNull(),
  half_day_start: boolean().notNull().default(false),
  half_day_end: boolean().notNull().default(false),
  working_days: text().notNull(),
  status: text().notNull(),
  note: text(),
  reason: text(),
  manager_decided_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  hr_decided_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  index('leave_requests_employee_idx').on(t.organisation_id, t.employee_id, t.start_date),
  index('leave_requests_status_idx').on(t.organisation_id, t.status, t.start_date),
  foreignKey({ name: 'leave_requests_employee_fk', columns: [t.organisation_id, t.employee_id], foreignColumns: [employeesTable.organisation_id, employeesTable.id] }).onDelete('restrict'),
  foreignKey({ name: 'leave_requests_type_fk', columns: [t.organisation_id, t.leave_type_id], foreignColumns: [leaveTypesTable.organisation_id, leaveTypesTable.id] }).onDelete('restrict'),
  check('leave_requests_status_check', sql`${t.status} in ('pending_manager', 'pending_hr', 'approved', 'rejected', 'cancelled')`),
  check('leave_requests_dates_check', sql`${t.end_date} >= ${t.start_date}`),
]);

/** The stored part of the leave ledger: leave taken (and given back) and HR's adjustments; accruals and year ends are worked out (shared/hr/leave.ts). */
export const leaveEntries = pgTable('leave_entries', {
  organisation_id: uuid().notNull(),
  id: uuid().notNull(),
  employee_id: uuid().notNull(),
  leave_type_id: uuid().notNull(),
  date: date({ mode: 'string' }).notNull(),
  kind: text().notNull(),
  days: text().notNull(),
  note: text(),
  request_id: uuid(),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  index('leave_entries_employee_idx').on(t.organisation_id, t.employee_id, t.leave_type_id, t.date),
  foreignKey({ name: 'leave_entries_employee_fk', columns: [t.organisation_id, t.employee_id], foreignColumns: [employeesTable.organisation_id, employeesTable.id] }).onDelete('restrict'),
  foreignKey({ name: 'leave_entries_type_fk', columns: [t.organisation_id, t.leave_type_id], foreignColumns: [leaveTypesTable.organisation_id, leaveTypesTable.id] }).onDelete('restrict'),
  check('leave_entries_kind_check', sql`${t.kind} in ('taken', 'adjustment')`),
]);

/** Salary structures: named sets of pay components an employee is paid by (resource `salary-structures`). */
export const salaryStructuresTable = tenantTable('salary_structures', {
  name: text('name').notNull(),
  description: text('description'),
}, { search: ['name'], unique: [['name']] });

/** A pay component of a structure: fixed, a percentage of another, or a formula (shared/hr/formula.ts). */
export const payComponentsTable = tenantTable('pay_components', {
  structure_id: uuid('structure_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  calc: text('calc').notNull(),
  amount_minor: bigint('amount_minor', { mode: 'number' }),
  percentage: text('percentage'),
  of: text('of'),
  formula: text('formula'),
  position: integer('position').notNull().default(0),
}, {
  search: ['code', 'name'],
  unique: [['structure_id', 'code']],
  indexes: [['structure_id'], ['code']],
  references: [{ column: 'structure_id', table: () => salaryStructuresTable }],
});

/** Which structure an employee is paid by, from a date (resource `salary-assignments`). */
export const salaryAssignmentsTable = tenantTable('salary_assignments', {
  employee_id: uuid('employee_id').notNull(),
  structure_id: uuid('structure_id').notNull(),
  valid_from: date('valid_from').notNull(),
  notes: text('notes'),
}, {
  search: ['notes'],
  unique: [['employee_id', 'valid_from']],
  indexes: [['employee_id'], ['structure_id']],
  references: [{ column: 'employee_id', table: () => employeesTable }, { column: 'structure_id', table: () => salaryStructuresTable }],
});

/** A payroll run for a period: `draft → approved → paid`; approved runs and their payslips never change. */
export const payrollRuns = pgTable('payroll_runs', {
  organisation_id: uuid().notNull().references(() => organisations.id, { onDelete: 'restrict' }),
  id: uuid().notNull(),
  period_start: date({ mode: 'string' }).notNull(),
  period_end: date({ mode: 'string' }).notNull(),
  status: text().notNull().default('draft'),
  approved_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  approved_at: timestamp({ withTimezone: true }),
  paid_at: timestamp({ withTimezone: true }),
  created_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  index('payroll_runs_period_idx').on(t.organisation_id, t.period_start),
  check('payroll_runs_status_check', sql`${t.status} in ('draft', 'approved', 'paid')`),
  check('payroll_runs_period_check', sql`${t.period_end} >= ${t.period_start}`),
]);

/** One employee's payslip of a run, with every line as worked out (shared/hr/payroll.ts). */
export const payslips = pgTable('payslips', {
  organisation_id: uuid().notNull(),
  id: uuid().notNull(),
  run_id: uuid().notNull(),
  employee_id: uuid().notNull(),
  currency: text().notNull(),
  period_working_days: text().notNull(),
  payment_days: text().notNull(),
  unpaid_leave_days: text().notNull(),
  base_minor: bigint({ mode: 'number' }).notNull(),
  gross_minor: bigint({ mode: 'number' }).notNull(),
  deductions_minor: bigint({ mode: 'number' }).notNull(),
  net_minor: bigint({ mode: 'number' }).notNull(),
  lines: jsonb().$type<{ code: string; name: string; kind: string; amount_minor: number }[]>().notNull(),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.id] }),
  uniqueIndex('payslips_run_employee_key').on(t.organisation_id, t.run_id, t.employee_id),
  index('payslips_employee_idx').on(t.organisation_id, t.employee_id),
  foreignKey({ name: 'payslips_run_fk', columns: [t.organisation_id, t.run_id], foreignColumns: [payrollRuns.organisation_id, payrollRuns.id] }).onDelete('cascade'),
  foreignKey({ name: 'payslips_employee_fk', columns: [t.organisation_id, t.employee_id], foreignColumns: [employeesTable.organisation_id, employeesTable.id] }).onDelete('restrict'),
]);

/**
 * The account an employee is paid into, for the bank payment file: an IBAN, or an account number with
 * the bank's code (UK sort code, US routing number, China's CNAPS code …). Read and written by payroll
 * and by the employee themself; the numbers are masked in the audit log.
 */
export const employeeBankAccounts = pgTable('employee_bank_accounts', {
  organisation_id: uuid().notNull(),
  employee_id: uuid().notNull(),
  holder: text().notNull(),
  iban: text(),
  bic: text(),
  account_number: text(),
  bank_code: text(),
  bank_name: text(),
  updated_by: uuid().references(() => users.id, { onDelete: 'set null' }),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.organisation_id, t.employee_id] }),
  foreignKey({ name: 'employee_bank_accounts_employee_fk', columns: [t.organisation_id, t.employee_id], foreignColumns: [employeesTable.organisation_id, employeesTable.id] }).onDelete('cascade'),
  check('employee_bank_accounts_number_check', sql`${t.iban} is not null or ${t.account_number} is not null`),
]);
