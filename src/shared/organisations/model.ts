/**
 * The kinds of organisation (a forwarder, a carrier, …): apart from the API's zod schemas
 * (src/shared/api/organisations.ts) so that the resource descriptors that name them, and the
 * registry of descriptors with them, stay free of zod.
 */
export const ORGANISATION_TYPES = [
  'forwarder', 'shipper', 'carrier', 'shipping_line', 'airline', 'nvocc', 'customs_broker', 'haulier', 'warehouse', 'courier', 'port_terminal', 'consignee',
] as const;
export type OrganisationType = (typeof ORGANISATION_TYPES)[number];
