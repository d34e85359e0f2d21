import { defineResource } from './descriptor.ts';

/** Location types of docs/product.md#control-centre-records. */
export const LOCATION_TYPES = [
  'berth', 'bonded', 'collection_pick_up', 'customs', 'delivery_dropoff', 'depot', 'fba', 'main_head_office', 'office', 'port', 'railhead', 'shed', 'shipping_line', 'terminal', 'warehouse',
] as const;

export const addresses = defineResource({
  name: 'addresses',
  titleKey: 'resources.addresses.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'label', kind: 'text', labelKey: 'resources.addresses.label', required: true },
    { name: 'location_type', kind: 'enum', labelKey: 'resources.addresses.location_type', required: true, options: LOCATION_TYPES },
    { name: 'country', kind: 'country', labelKey: 'resources.fields.country', required: true },
    { name: 'line1', kind: 'text', labelKey: 'resources.addresses.line1', required: true },
    { name: 'line2', kind: 'text', labelKey: 'resources.addresses.line2' },
    { name: 'town', kind: 'text', labelKey: 'resources.addresses.town', required: true },
    { name: 'county', kind: 'text', labelKey: 'resources.addresses.county' },
    { name: 'subdivision', kind: 'text', labelKey: 'resources.addresses.subdivision' },
    { name: 'postcode', kind: 'text', labelKey: 'resources.addresses.postcode' },
    { name: 'location_code', kind: 'location', labelKey: 'resources.addresses.location_code' },
    { name: 'is_primary', kind: 'boolean', labelKey: 'resources.addresses.is_primary' },
  ],
  columns: ['label', 'location_type', 'town', 'country', 'location_code', 'is_primary'],
  sortable: ['label', 'town', 'country', 'location_type', 'created_at'],
  filterable: ['location_type', 'country', 'is_primary'],
  searchable: ['label', 'line1', 'town', 'postcode', 'location_code'],
  defaultSort: 'label',
  display: 'label',
});
