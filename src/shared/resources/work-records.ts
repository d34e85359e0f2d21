import { defineResource } from './descriptor.ts';

/** Kinds of work (export desk, customs entries, …) that staff time and commissions refer to. */
export const workClassifications = defineResource({
  name: 'work-classifications',
  titleKey: 'resources.work_classifications.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'code', kind: 'text', labelKey: 'resources.fields.code', required: true },
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'description', kind: 'textarea', labelKey: 'resources.fields.description' },
  ],
  columns: ['code', 'name', 'description'],
  sortable: ['code', 'name', 'created_at'],
  filterable: [],
  searchable: ['code', 'name'],
  defaultSort: 'code',
  display: 'code',
  unique: [['code']],
});

/** Which department (and staff member) handles which classification of work, and how much. */
export const workAllocations = defineResource({
  name: 'work-allocations',
  titleKey: 'resources.work_allocations.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'work_classification_id', kind: 'reference', labelKey: 'resources.work_allocations.work_classification', required: true, reference: 'work-classifications' },
    { name: 'department_id', kind: 'reference', labelKey: 'resources.fields.department', reference: 'departments' },
    { name: 'staff_user_id', kind: 'reference', labelKey: 'resources.fields.staff_member', reference: 'staff' },
    { name: 'share_pct', kind: 'decimal', labelKey: 'resources.work_allocations.share_pct' },
    { name: 'notes', kind: 'textarea', labelKey: 'resources.fields.notes' },
  ],
  columns: ['work_classification_id', 'department_id', 'staff_user_id', 'share_pct'],
  sortable: ['share_pct', 'created_at'],
  filterable: ['work_classification_id', 'department_id', 'staff_user_id'],
  searchable: ['notes'],
  defaultSort: '-created_at',
  display: 'notes',
});

export const COMMISSION_BASES = ['gross_profit', 'revenue', 'per_shipment'] as const;

export const commissions = defineResource({
  name: 'commissions',
  titleKey: 'resources.commissions.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'basis', kind: 'enum', labelKey: 'resources.commissions.basis', required: true, options: COMMISSION_BASES },
    { name: 'rate_pct', kind: 'decimal', labelKey: 'resources.commissions.rate_pct', required: true },
    { name: 'staff_user_id', kind: 'reference', labelKey: 'resources.fields.staff_member', reference: 'staff' },
    { name: 'work_classification_id', kind: 'reference', labelKey: 'resources.work_allocations.work_classification', reference: 'work-classifications' },
    { name: 'valid_from', kind: 'date', labelKey: 'resources.fields.valid_from' },
    { name: 'valid_until', kind: 'date', labelKey: 'resources.fields.valid_until' },
  ],
  columns: ['name', 'basis', 'rate_pct', 'staff_user_id', 'valid_until'],
  sortable: ['name', 'rate_pct', 'created_at'],
  filterable: ['basis', 'staff_user_id'],
  searchable: ['name'],
  defaultSort: 'name',
  display: 'name',
});

/** Which staff member looks after which client (a partner of kind client, or any partner). */
export const clientAssignments = defineResource({
  name: 'client-assignments',
  titleKey: 'resources.client_assignments.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'partner_id', kind: 'reference', labelKey: 'resources.client_assignments.client', required: true, reference: 'partners' },
    { name: 'staff_user_id', kind: 'reference', labelKey: 'resources.fields.staff_member', required: true, reference: 'staff' },
    { name: 'is_primary', kind: 'boolean', labelKey: 'resources.client_assignments.is_primary' },
    { name: 'notes', kind: 'textarea', labelKey: 'resources.fields.notes' },
  ],
  columns: ['partner_id', 'staff_user_id', 'is_primary'],
  sortable: ['created_at'],
  filterable: ['partner_id', 'staff_user_id', 'is_primary'],
  searchable: ['notes'],
  defaultSort: '-created_at',
  display: 'notes',
  unique: [['partner_id', 'staff_user_id']],
});

export const TASK_STATUSES = ['todo', 'in_progress', 'done', 'cancelled'] as const;
export const TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

export const tasks = defineResource({
  name: 'tasks',
  titleKey: 'resources.tasks.title',
  permissionModule: 'operations',
  fields: [
    { name: 'title', kind: 'text', labelKey: 'resources.tasks.task_title', required: true },
    { name: 'description', kind: 'textarea', labelKey: 'resources.fields.description' },
    { name: 'status', kind: 'enum', labelKey: 'resources.tasks.status', options: TASK_STATUSES },
    { name: 'priority', kind: 'enum', labelKey: 'resources.tasks.priority', options: TASK_PRIORITIES },
    { name: 'due_on', kind: 'date', labelKey: 'resources.tasks.due_on' },
    { name: 'assignee_user_id', kind: 'reference', labelKey: 'resources.tasks.assignee', reference: 'staff' },
    { name: 'partner_id', kind: 'reference', labelKey: 'resources.client_assignments.client', reference: 'partners' },
    { name: 'shipment_id', kind: 'reference', labelKey: 'resources.tasks.shipment', reference: 'shipments' },
    { name: 'booking_id', kind: 'reference', labelKey: 'resources.tasks.booking', reference: 'bookings' },
  ],
  columns: ['title', 'status', 'priority', 'due_on', 'assignee_user_id'],
  sortable: ['title', 'status', 'priority', 'created_at'],
  filterable: ['status', 'priority', 'assignee_user_id', 'partner_id', 'shipment_id', 'booking_id'],
  searchable: ['title', 'description'],
  defaultSort: '-created_at',
  display: 'title',
});
