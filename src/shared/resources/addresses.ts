import { z } from 'zod';
import { defineResource } from './descriptor.ts';
import { country, locationCode, optionalText, requiredText } from './fields.ts';

/** Location types of docs/product.md#control-centre-records. */
export const LOCATION_TYPES = [
  'berth', 'bonded', 'collection_pick_up', 'customs', 'delivery_dropoff', 'depot', 'fba', 'main_head_office', 'office', 'port', 'railhead', 'shed', 'shipping_line', 'terminal', 'warehouse',
] as const;

export const addresses = defineResource({
  name: 'addresses',
  titleKey: 'resources.addresses.title',
  permissionModule: 'control_centre',
  create: z.object({
    label: requiredText(120),
    location_type: z.enum(LOCATION_TYPES),
    line1: requiredText(200),
    line2: optionalText(200),
    town: requiredText(120),
    county: optionalText(120),
    subdivision: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{1,3}$/, 'subdivision_code').nullish().transform((v) => v ?? null),
    postcode: optionalText(20),
    country: country,
    location_code: locationCode.nullish().transform((v) => v ?? null),
    is_primary: z.boolean().default(false),
  }),
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
