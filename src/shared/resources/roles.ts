import { defineResource } from './descriptor.ts';

/** Roles: built-in Owner, Admin and Staff, plus the organisation's own, each a set of `module.action`. */
export const rolesResource = defineResource({
  name: 'roles',
  titleKey: 'resources.roles.title',
  permissionModule: 'roles',
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
