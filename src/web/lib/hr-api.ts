/** The HR calls and their query keys: summary, contracts, leave, holidays. */
import type { BankAccount, BankAccountBody, Contract, ContractBody, Holiday, LeaveBalance, LeaveRequest, LeaveRequestBody } from '#shared/api/hr.ts';
import { api } from './api-client.ts';

export type HrPerson = { employee_id: string; name: string; job_title: string };
export type HrSummary = {
  headcount: number;
  by_department: { department: string | null; count: number }[];
  by_country: { country: string; count: number }[];
  joiners: (HrPerson & { start_date: string })[];
  leavers: (HrPerson & { end_date: string })[];
  on_leave_today: (HrPerson & { leave_type: string; until: string })[];
  contracts_ending: (HrPerson & { contract_id: string; end_date: string })[];
  probations_ending: (HrPerson & { contract_id: string; probation_end: string })[];
};
export type Employee = { id: string; user_id: string; job_title: string; work_location: string; start_date: string; end_date: string | null; salary_currency: string };

export const hrKeys = {
  summary: ['hr', 'summary'] as const,
  contracts: (status: string | null) => ['hr', 'contracts', status] as const,
  mine: ['hr', 'contracts', 'mine'] as const,
  employees: ['hr', 'employees'] as const,
  balances: (employeeId: string | null) => ['hr', 'balances', employeeId] as const,
  requests: (scope: string, status: string | null) => ['hr', 'leave', scope, status] as const,
  calendar: (from: string, to: string) => ['hr', 'calendar', from, to] as const,
  holidays: (country: string, year: number) => ['hr', 'holidays', country, year] as const,
  leaveTypes: ['hr', 'leave-types'] as const,
  bankAccount: (employeeId: string) => ['hr', 'bank-account', employeeId] as const,
};

export const hrApi = {
  summary: () => api.get<HrSummary>('/hr/summary', { silent: true }),
  contracts: (status: string | null) => api.get<Contract[]>('/contracts', { params: { ...(status && { status }) } }),
  myContracts: () => api.get<Contract[]>('/contracts/mine'),
  createContract: (body: ContractBody) => api.post<Contract>('/contracts', body),
  contractAction: (id: string, action: 'activate' | 'end' | 'terminate', body: Record<string, unknown> = {}) => api.post<Contract>(`/contracts/${id}/${action}`, body),
  employees: () => api.list<Employee>('/employees', { params: { per_page: 100 }, silent: true }),
  balances: (employeeId: string | null) => api.get<LeaveBalance[]>('/leave/balances', { params: { ...(employeeId && { employee_id: employeeId }) } }),
  requests: (scope: 'mine' | 'team' | 'all', status: string | null) => api.get<LeaveRequest[]>('/leave-requests', { params: { scope, ...(status && { status }) } }),
  askLeave: (body: LeaveRequestBody) => api.post<LeaveRequest>('/leave-requests', body),
  decide: (id: string, action: 'approve' | 'reject' | 'cancel', body: Record<string, unknown> = {}) => api.post<LeaveRequest>(`/leave-requests/${id}/${action}`, body),
  calendar: (from: string, to: string) => api.get<{ leave: LeaveRequest[]; holidays: { country: string; date: string; name: string }[] }>('/leave/calendar', { params: { from, to } }),
  holidays: (country: string, year: number) => api.get<Holiday[]>('/holidays', { params: { country, year } }),
  importHolidays: (country: string, year: number) => api.post<Holiday[]>('/holidays/import', { country, year }),
  bankAccount: (employeeId: string) => api.get<BankAccount | null>(`/employees/${employeeId}/bank-account`),
  saveBankAccount: (employeeId: string, body: BankAccountBody) => api.put<BankAccount>(`/employees/${employeeId}/bank-account`, body),
  // Every member asks for leave, so the choice comes from /leave/types (the leave-types resource is HR's).
  leaveTypes: () => api.get<{ id: string; code: string; name: string; paid: boolean; requires_hr_approval: boolean; allow_half_days: boolean }[]>('/leave/types'),
};

export type PayrollRun = { id: string; period_start: string; period_end: string; status: 'draft' | 'approved' | 'paid'; payslips: number; totals: { currency: string; gross_minor: number; deductions_minor: number; net_minor: number }[]; approved_at: string | null; paid_at: string | null; created_at: string };
export type PayslipView = {
  id: string; run_id: string; employee_id: string; employee_name: string; period_start: string; period_end: string; currency: string;
  period_working_days: string; payment_days: string; unpaid_leave_days: string; base_minor: number; gross_minor: number; deductions_minor: number; net_minor: number;
  lines: { code: string; name: string; kind: string; amount_minor: number }[];
  has_bank_account: boolean;
};

/** Payroll runs a page: two years of monthly runs. */
export const RUNS_PER_PAGE = 24;

export const payrollKeys = {
  runs: (page: number) => ['payroll', 'runs', page] as const,
  run: (id: string) => ['payroll', 'run', id] as const,
  slips: (id: string) => ['payroll', 'slips', id] as const,
  mine: ['payroll', 'mine'] as const,
};

export const payrollApi = {
  runs: (page: number) => api.list<PayrollRun>('/payroll-runs', { params: { page, per_page: RUNS_PER_PAGE }, silent: true }),
  run: (id: string) => api.get<PayrollRun>(`/payroll-runs/${id}`),
  slips: (id: string) => api.get<PayslipView[]>(`/payroll-runs/${id}/payslips`),
  start: (period_start: string, period_end: string) => api.post<PayrollRun>('/payroll-runs', { period_start, period_end }),
  act: (id: string, action: 'approve' | 'pay' | 'recalculate') => api.post<PayrollRun>(`/payroll-runs/${id}/${action}`, {}),
  remove: (id: string) => api.delete(`/payroll-runs/${id}`),
  mine: () => api.get<PayslipView[]>('/payslips/mine'),
};
