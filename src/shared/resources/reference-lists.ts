import { defineResource } from './descriptor.ts';
import { INCOTERMS_2020, QUOTE_MODES } from '../quotes/model.ts';

/**
 * The control centre's reference lists (docs/product.md#reference-lists): each organisation keeps its
 * own copy, seeded with the standard values when it is created and editable after. Quotes and rates
 * offer and accept only the active entries.
 */
const codeList = <const N extends string>(name: N, titleKey: string, extra: Parameters<typeof defineResource>[0]['fields'] = []) =>
  defineResource({
    name,
    titleKey,
    permissionModule: 'control_centre',
    fields: [
      { name: 'code', kind: 'text', labelKey: 'resources.fields.code', required: true },
      { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
      ...extra,
      { name: 'description', kind: 'textarea', labelKey: 'resources.fields.description' },
      { name: 'active', kind: 'boolean', labelKey: 'resources.reference_lists.active' },
    ],
    columns: ['code', 'name', ...extra.map((f) => f.name), 'active'],
    sortable: ['code', 'name', 'created_at'],
    filterable: ['active'],
    searchable: ['code', 'name'],
    defaultSort: 'code',
    display: 'code',
    unique: [['code']],
  });

export const directions = codeList('directions', 'resources.directions.title');
export const loadTypes = codeList('load-types', 'resources.load_types.title');
/** `mode` is how FYN prices and measures it (chargeable weight, emissions): one of the quote modes. */
export const transportModes = codeList('transport-modes', 'resources.transport_modes.title', [
  { name: 'mode', kind: 'enum', labelKey: 'resources.transport_modes.mode', required: true, options: QUOTE_MODES },
]);
export const incoterms = codeList('incoterms', 'resources.incoterms.title', [
  { name: 'sea_only', kind: 'boolean', labelKey: 'resources.incoterms.sea_only' },
]);
/** ISO 6346 size-type codes ("configurations" of the spec): `45G1` is a 40′ high cube. */
export const equipmentTypes = codeList('equipment-types', 'resources.equipment_types.title', [
  { name: 'teu', kind: 'decimal', labelKey: 'resources.equipment_types.teu' },
]);

/** An office's clock on the dashboard: a name and an IANA time zone. */
export const clocks = defineResource({
  name: 'clocks',
  titleKey: 'resources.clocks.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'time_zone', kind: 'text', labelKey: 'resources.clocks.time_zone', required: true },
    { name: 'position', kind: 'number', labelKey: 'resources.clocks.position' },
  ],
  columns: ['name', 'time_zone', 'position'],
  sortable: ['position', 'name', 'created_at'],
  filterable: [],
  searchable: ['name', 'time_zone'],
  defaultSort: 'position',
  display: 'name',
  unique: [['name']],
});

/** The lists seeded into every organisation (names in English as the standards publish them; editable). */
export const STANDARD_REFERENCE_LISTS = {
  directions: [
    { code: 'IMPORT', name: 'Import' },
    { code: 'EXPORT', name: 'Export' },
    { code: 'CROSS_TRADE', name: 'Cross-trade' },
    { code: 'DOMESTIC', name: 'Domestic' },
  ],
  'load-types': [
    { code: 'FCL', name: 'Full container load' },
    { code: 'LCL', name: 'Less than container load' },
    { code: 'FTL', name: 'Full truck load' },
    { code: 'LTL', name: 'Less than truck load' },
    { code: 'ULD', name: 'Air unit load device' },
    { code: 'LOOSE', name: 'Loose cargo' },
    { code: 'BREAKBULK', name: 'Breakbulk' },
    { code: 'RORO', name: 'Roll-on/roll-off' },
  ],
  'transport-modes': [
    { code: 'SEA_FCL', name: 'Sea, full container', mode: 'sea_fcl' },
    { code: 'SEA_LCL', name: 'Sea, groupage', mode: 'sea_lcl' },
    { code: 'AIR', name: 'Air', mode: 'air' },
    { code: 'ROAD_FTL', name: 'Road, full truck', mode: 'road_ftl' },
    { code: 'ROAD_LTL', name: 'Road, part load', mode: 'road_ltl' },
    { code: 'RAIL', name: 'Rail', mode: 'rail' },
  ] satisfies { code: string; name: string; mode: (typeof QUOTE_MODES)[number] }[],
  incoterms: [
    { code: 'EXW', name: 'Ex Works', sea_only: false },
    { code: 'FCA', name: 'Free Carrier', sea_only: false },
    { code: 'CPT', name: 'Carriage Paid To', sea_only: false },
    { code: 'CIP', name: 'Carriage and Insurance Paid To', sea_only: false },
    { code: 'DAP', name: 'Delivered at Place', sea_only: false },
    { code: 'DPU', name: 'Delivered at Place Unloaded', sea_only: false },
    { code: 'DDP', name: 'Delivered Duty Paid', sea_only: false },
    { code: 'FAS', name: 'Free Alongside Ship', sea_only: true },
    { code: 'FOB', name: 'Free on Board', sea_only: true },
    { code: 'CFR', name: 'Cost and Freight', sea_only: true },
    { code: 'CIF', name: 'Cost, Insurance and Freight', sea_only: true },
  ] satisfies { code: (typeof INCOTERMS_2020)[number]; name: string; sea_only: boolean }[],
  'equipment-types': [
    { code: '22G1', name: "20' general purpose", teu: '1' },
    { code: '25G1', name: "20' high cube", teu: '1' },
    { code: '22R1', name: "20' reefer", teu: '1' },
    { code: '22U1', name: "20' open top", teu: '1' },
    { code: '22P1', name: "20' flat rack", teu: '1' },
    { code: '22T1', name: "20' tank", teu: '1' },
    { code: '42G1', name: "40' general purpose", teu: '2' },
    { code: '45G1', name: "40' high cube", teu: '2' },
    { code: '45R1', name: "40' high cube reefer", teu: '2' },
    { code: '42U1', name: "40' open top", teu: '2' },
    { code: '42P1', name: "40' flat rack", teu: '2' },
    { code: 'L5G1', name: "45' high cube", teu: '2.25' },
  ],
} as const;

export type ReferenceListName = keyof typeof STANDARD_REFERENCE_LISTS;
