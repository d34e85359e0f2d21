import { defineResource } from './descriptor.ts';

export const clientTiers = defineResource({
  name: 'client-tiers',
  titleKey: 'resources.client_tiers.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'rank', kind: 'number', labelKey: 'resources.client_tiers.rank', required: true },
    { name: 'discount_pct', kind: 'decimal', labelKey: 'resources.client_tiers.discount_pct' },
    { name: 'payment_terms_days', kind: 'number', labelKey: 'resources.client_tiers.payment_terms_days' },
    { name: 'description', kind: 'textarea', labelKey: 'resources.fields.description' },
  ],
  columns: ['name', 'rank', 'discount_pct', 'payment_terms_days'],
  sortable: ['rank', 'name', 'created_at'],
  filterable: [],
  searchable: ['name', 'description'],
  defaultSort: 'rank',
  display: 'name',
  unique: [['name']],
});
