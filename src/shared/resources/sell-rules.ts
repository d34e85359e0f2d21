import { defineResource } from './descriptor.ts';
import { CHARGE_CATEGORIES } from './charge-codes.ts';
import { QUOTE_MODES } from '../quotes/model.ts';

export const MARKUP_TYPES = ['percent', 'fixed'] as const;

/**
 * The rate management system's sell rules (control-centre `rms`): the markup a quote adds to a buy
 * rate, by client tier, mode, lane and charge category; an empty criterion matches anything, the
 * most specific rule wins (src/shared/quotes/rates.ts).
 */
export const sellRules = defineResource({
  name: 'sell-rules',
  titleKey: 'resources.sell_rules.title',
  permissionModule: 'rates',
  fields: [
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'client_tier_id', kind: 'reference', labelKey: 'resources.partners.client_tier', reference: 'client-tiers' },
    { name: 'mode', kind: 'enum', labelKey: 'resources.sell_rules.mode', options: QUOTE_MODES },
    { name: 'origin', kind: 'location', labelKey: 'resources.sell_rules.origin' },
    { name: 'destination', kind: 'location', labelKey: 'resources.sell_rules.destination' },
    { name: 'charge_category', kind: 'enum', labelKey: 'resources.charge_codes.category', options: CHARGE_CATEGORIES },
    { name: 'markup_type', kind: 'enum', labelKey: 'resources.sell_rules.markup_type', required: true, options: ['percent', 'fixed'] },
    { name: 'markup_pct', kind: 'decimal', labelKey: 'resources.sell_rules.markup_pct' },
    { name: 'markup_minor', kind: 'money', labelKey: 'resources.sell_rules.markup_minor' },
    { name: 'currency', kind: 'currency', labelKey: 'resources.fields.currency' },
    { name: 'priority', kind: 'number', labelKey: 'resources.sell_rules.priority' },
  ],
  columns: ['name', 'client_tier_id', 'mode', 'origin', 'destination', 'charge_category', 'markup_type', 'markup_pct', 'markup_minor'],
  sortable: ['name', 'priority', 'created_at'],
  filterable: ['client_tier_id', 'mode', 'charge_category', 'markup_type'],
  searchable: ['name', 'origin', 'destination'],
  defaultSort: 'priority',
  display: 'name',
});
