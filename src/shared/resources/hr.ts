import { defineResource } from './descriptor.ts';
import { EMPLOYMENT_TYPES, WORKING_PATTERN_NAMES } from '../hr/model.ts';

/** The employee record of a staff member (issue 13): HR reads and writes it with `hr`. */
export const employees = defineResource({
  name: 'employees',
  titleKey: 'resources.employees.title',
  permissionModule: 'hr',
  fields: [
    { name: 'user_id', kind: 'reference', labelKey: 'resources.employees.person', required: true, reference: 'staff' },
    { name: 'job_title', kind: 'text', labelKey: 'resources.employees.job_title', required: true },
    { name: 'department_id', kind: 'reference', labelKey: 'resources.employees.department', reference: 'departments' },
    { name: 'manager_id', kind: 'reference', labelKey: 'resources.employees.manager', reference: 'staff' },
    { name: 'work_location', kind: 'location', labelKey: 'resources.employees.work_location', required: true },
    { name: 'employment_type', kind: 'enum', labelKey: 'resources.employees.employment_type', required: true, options: EMPLOYMENT_TYPES },
    { name: 'start_date', kind: 'date', labelKey: 'resources.employees.start_date', required: true },
    { name: 'end_date', kind: 'date', labelKey: 'resources.employees.end_date' },
    { name: 'working_pattern', kind: 'enum', labelKey: 'resources.employees.working_pattern', options: WORKING_PATTERN_NAMES },
    { name: 'salary_currency', kind: 'currency', labelKey: 'resources.employees.salary_currency', required: true },
  ],
  columns: ['user_id', 'job_title', 'department_id', 'work_location', 'employment_type', 'start_date', 'end_date'],
  sortable: ['job_title', 'start_date', 'created_at'],
  filterable: ['department_id', 'manager_id', 'employment_type', 'work_location'],
  searchable: ['job_title', 'work_location'],
  defaultSort: 'job_title',
  display: 'job_title',
  unique: [['user_id', 'start_date']],
});

/** Kinds of leave an organisation grants (annual, sick, unpaid, parental …). */
export const leaveTypes = defineResource({
  name: 'leave-types',
  titleKey: 'resources.leave_types.title',
  permissionModule: 'hr',
  fields: [
    { name: 'code', kind: 'text', labelKey: 'resources.fields.code', required: true },
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'paid', kind: 'boolean', labelKey: 'resources.leave_types.paid' },
    { name: 'deducts_balance', kind: 'boolean', labelKey: 'resources.leave_types.deducts_balance' },
    { name: 'requires_hr_approval', kind: 'boolean', labelKey: 'resources.leave_types.requires_hr_approval' },
    { name: 'allow_half_days', kind: 'boolean', labelKey: 'resources.leave_types.allow_half_days' },
    { name: 'active', kind: 'boolean', labelKey: 'resources.reference_lists.active' },
  ],
  columns: ['code', 'name', 'paid', 'deducts_balance', 'requires_hr_approval', 'allow_half_days', 'active'],
  sortable: ['code', 'name', 'created_at'],
  filterable: ['paid', 'active'],
  searchable: ['code', 'name'],
  defaultSort: 'name',
  display: 'name',
  unique: [['code']],
});

/** How a leave type's balance grows, for one country or for all (country empty). */
export const leavePolicies = defineResource({
  name: 'leave-policies',
  titleKey: 'resources.leave_policies.title',
  permissionModule: 'hr',
  fields: [
    { name: 'leave_type_id', kind: 'reference', labelKey: 'resources.leave_policies.leave_type', required: true, reference: 'leave-types' },
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'country', kind: 'country', labelKey: 'resources.leave_policies.country' },
    { name: 'yearly_allowance', kind: 'decimal', labelKey: 'resources.leave_policies.yearly_allowance', required: true },
    { name: 'accrual', kind: 'enum', labelKey: 'resources.leave_policies.accrual', required: true, options: ['monthly', 'upfront'] },
    { name: 'carry_forward_limit', kind: 'decimal', labelKey: 'resources.leave_policies.carry_forward_limit' },
    { name: 'carry_forward_expiry_months', kind: 'number', labelKey: 'resources.leave_policies.carry_forward_expiry_months' },
  ],
  columns: ['name', 'leave_type_id', 'country', 'yearly_allowance', 'accrual', 'carry_forward_limit', 'carry_forward_expiry_months'],
  sortable: ['name', 'created_at'],
  filterable: ['leave_type_id', 'country', 'accrual'],
  searchable: ['name'],
  defaultSort: 'name',
  display: 'name',
  unique: [['leave_type_id', 'country']],
});

/** The leave types every new organisation starts with (editable), and the annual leave policy. */
export const STANDARD_LEAVE_TYPES = [
  { code: 'ANNUAL', name: 'Annual leave', paid: true, deducts_balance: true, requires_hr_approval: false, allow_half_days: true },
  { code: 'SICK', name: 'Sick leave', paid: true, deducts_balance: false, requires_hr_approval: false, allow_half_days: true },
  { code: 'UNPAID', name: 'Unpaid leave', paid: false, deducts_balance: false, requires_hr_approval: true, allow_half_days: true },
  { code: 'PARENTAL', name: 'Parental leave', paid: true, deducts_balance: false, requires_hr_approval: true, allow_half_days: false },
  { code: 'COMPASSIONATE', name: 'Compassionate leave', paid: true, deducts_balance: false, requires_hr_approval: false, allow_half_days: true },
] as const;
export const STANDARD_ANNUAL_POLICY = { name: 'Annual leave', yearly_allowance: '25', accrual: 'monthly', carry_forward_limit: '5', carry_forward_expiry_months: 3 } as const;

/** Salary structures (payroll): named sets of pay components. */
export const salaryStructures = defineResource({
  name: 'salary-structures',
  titleKey: 'resources.salary_structures.title',
  permissionModule: 'payroll',
  fields: [
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'description', kind: 'textarea', labelKey: 'resources.fields.description' },
  ],
  columns: ['name', 'description'],
  sortable: ['name', 'created_at'],
  filterable: [],
  searchable: ['name'],
  defaultSort: 'name',
  display: 'name',
  unique: [['name']],
});

export const PAY_COMPONENT_KINDS = ['earning', 'deduction', 'basis'] as const;
export const PAY_COMPONENT_CALCS = ['fixed', 'percentage', 'formula'] as const;

/** Pay components of a structure: fixed amounts, percentages of another component (or BASE), or formulas. */
export const payComponents = defineResource({
  name: 'pay-components',
  titleKey: 'resources.pay_components.title',
  permissionModule: 'payroll',
  fields: [
    { name: 'structure_id', kind: 'reference', labelKey: 'resources.pay_components.structure', required: true, reference: 'salary-structures' },
    { name: 'code', kind: 'text', labelKey: 'resources.fields.code', required: true },
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'kind', kind: 'enum', labelKey: 'resources.pay_components.kind', required: true, options: PAY_COMPONENT_KINDS },
    { name: 'calc', kind: 'enum', labelKey: 'resources.pay_components.calc', required: true, options: PAY_COMPONENT_CALCS },
    { name: 'amount_minor', kind: 'number', labelKey: 'resources.pay_components.amount_minor' },
    { name: 'percentage', kind: 'decimal', labelKey: 'resources.pay_components.percentage' },
    { name: 'of', kind: 'text', labelKey: 'resources.pay_components.of' },
    { name: 'formula', kind: 'textarea', labelKey: 'resources.pay_components.formula' },
    { name: 'position', kind: 'number', labelKey: 'resources.clocks.position' },
  ],
  columns: ['code', 'name', 'structure_id', 'kind', 'calc', 'amount_minor', 'percentage', 'of', 'formula'],
  sortable: ['code', 'name', 'position', 'created_at'],
  filterable: ['structure_id', 'kind', 'calc'],
  searchable: ['code', 'name'],
  defaultSort: 'position',
  display: 'code',
  unique: [['structure_id', 'code']],
});

/** Which structure an employee is paid by, from a date. */
export const salaryAssignments = defineResource({
  name: 'salary-assignments',
  titleKey: 'resources.salary_assignments.title',
  permissionModule: 'payroll',
  fields: [
    { name: 'employee_id', kind: 'reference', labelKey: 'resources.salary_assignments.employee', required: true, reference: 'employees' },
    { name: 'structure_id', kind: 'reference', labelKey: 'resources.pay_components.structure', required: true, reference: 'salary-structures' },
    { name: 'valid_from', kind: 'date', labelKey: 'resources.salary_assignments.valid_from', required: true },
    { name: 'notes', kind: 'textarea', labelKey: 'resources.salary_assignments.notes' },
  ],
  columns: ['employee_id', 'structure_id', 'valid_from', 'notes'],
  sortable: ['valid_from', 'created_at'],
  filterable: ['employee_id', 'structure_id'],
  searchable: ['notes'],
  defaultSort: '-valid_from',
  display: 'valid_from',
  unique: [['employee_id', 'valid_from']],
});
