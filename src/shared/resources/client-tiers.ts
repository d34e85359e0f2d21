import { z } from 'zod';
import { defineResource } from './descriptor.ts';
import { optionalText, percentage, requiredText } from './fields.ts';

export const clientTiers = defineResource({
  name: 'client-tiers',
  titleKey: 'resources.client_tiers.title',
  permissionModule: 'control_centre',
  create: z.object({
    name: requiredText(60),
    rank: z.number().int('whole_number').min(1, 'number_range').max(100, 'number_range'),
    discount_pct: percentage.default('0'),
    payment_terms_days: z.number().int('whole_number').min(0, 'number_range').max(365, 'number_range').default(30),
    description: optionalText(500),
  }),
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
