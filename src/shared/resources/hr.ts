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
