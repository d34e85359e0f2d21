import { defineResource } from './descriptor.ts';

export const CHARGE_CATEGORIES = ['freight', 'surcharge', 'origin', 'destination', 'customs', 'documentation', 'haulage', 'warehouse', 'insurance', 'other'] as const;
export const CHARGE_BASES = ['per_shipment', 'per_container', 'per_kg', 'per_cbm', 'per_wm', 'per_pallet', 'per_bl', 'percentage'] as const;

/** What a forwarder puts on a quotation line: ocean freight, BAF, THC, customs clearance … */
export const chargeCodes = defineResource({
  name: 'charge-codes',
  titleKey: 'resources.charge_codes.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'code', kind: 'text', labelKey: 'resources.fields.code', required: true },
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'category', kind: 'enum', labelKey: 'resources.charge_codes.category', required: true, options: CHARGE_CATEGORIES },
    { name: 'basis', kind: 'enum', labelKey: 'resources.charge_codes.basis', required: true, options: CHARGE_BASES },
    { name: 'default_currency', kind: 'currency', labelKey: 'resources.fields.currency', required: true },
    { name: 'taxable', kind: 'boolean', labelKey: 'resources.charge_codes.taxable' },
    { name: 'description', kind: 'textarea', labelKey: 'resources.fields.description' },
  ],
  columns: ['code', 'name', 'category', 'basis', 'default_currency', 'taxable'],
  sortable: ['code', 'name', 'category', 'created_at'],
  filterable: ['category', 'basis', 'default_currency', 'taxable'],
  searchable: ['code', 'name', 'description'],
  defaultSort: 'code',
  display: 'code',
  unique: [['code']],
});
