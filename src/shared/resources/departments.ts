import { z } from 'zod';
import { defineResource } from './descriptor.ts';
import { optionalText, requiredText } from './fields.ts';

export const departments = defineResource({
  name: 'departments',
  titleKey: 'resources.departments.title',
  permissionModule: 'control_centre',
  create: z.object({ name: requiredText(80), description: optionalText(500) }),
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
