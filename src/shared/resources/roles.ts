import { z } from 'zod';
import { defineResource } from './descriptor.ts';
import { optionalText, requiredText } from './fields.ts';
import { ALL_PERMISSIONS } from './permissions.ts';

/** Roles: built-in Owner, Admin and Staff, plus the organisation's own, each a set of `module.action`. */
export const rolesResource = defineResource({
  name: 'roles',
  titleKey: 'resources.roles.title',
  permissionModule: 'roles',
  create: z.object({
    name: requiredText(60),
    description: optionalText(300),
    permissions: z.array(z.enum(ALL_PERMISSIONS as [string, ...string[]])).max(ALL_PERMISSIONS.length).transform((p) => [...new Set(p)].sort()),
  }),
  fields: [
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'description', kind: 'textarea', labelKey: 'resources.fields.description' },
    { name: 'permissions', kind: 'permissions', labelKey: 'resources.roles.permissions' },
  ],
  columns: ['name', 'description'],
  sortable: ['name', 'created_at'],
  filterable: ['builtin'],
  searchable: ['name', 'description'],
  defaultSort: 'name',
  display: 'name',
  unique: [['name']],
});
