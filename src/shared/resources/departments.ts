import { defineResource } from './descriptor.ts';

export const departments = defineResource({
  name: 'departments',
  titleKey: 'resources.departments.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'description', kind: 'textarea', labelKey: 'resources.fields.description' },
  ],
  columns: ['name', 'description'],
  sortable: ['name', 'created_at'],
  filterable: [],
  searchable: ['name', 'description'],
  defaultSort: 'name',
  display: 'name',
  unique: [['name']],
});
