import { defineResource } from './descriptor.ts';

export const PARTNER_KINDS = ['agent', 'carrier', 'haulier', 'customs_broker', 'warehouse', 'supplier', 'client'] as const;
export const PARTNER_STATUSES = ['prospect', 'active', 'on_hold', 'ended'] as const;

export const partners = defineResource({
  name: 'partners',
  titleKey: 'resources.partners.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'kind', kind: 'enum', labelKey: 'resources.partners.kind', required: true, options: PARTNER_KINDS },
    { name: 'status', kind: 'enum', labelKey: 'resources.partners.status', options: PARTNER_STATUSES },
    { name: 'country', kind: 'country', labelKey: 'resources.fields.country', required: true },
    { name: 'city', kind: 'text', labelKey: 'resources.fields.city' },
    { name: 'contact_name', kind: 'text', labelKey: 'resources.partners.contact_name' },
    { name: 'contact_email', kind: 'email', labelKey: 'resources.fields.email' },
    { name: 'phone', kind: 'text', labelKey: 'resources.fields.phone' },
    { name: 'client_tier_id', kind: 'reference', labelKey: 'resources.partners.client_tier', reference: 'client-tiers' },
    { name: 'notes', kind: 'textarea', labelKey: 'resources.fields.notes' },
  ],
  columns: ['name', 'kind', 'status', 'country', 'city', 'contact_name'],
  sortable: ['name', 'kind', 'status', 'country', 'created_at'],
  filterable: ['kind', 'status', 'country', 'client_tier_id'],
  searchable: ['name', 'city', 'contact_name', 'contact_email'],
  defaultSort: 'name',
  display: 'name',
});
