import { defineResource } from './descriptor.ts';

export const standardsCertifications = defineResource({
  name: 'standards-certifications',
  titleKey: 'resources.standards_certifications.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'issuer', kind: 'text', labelKey: 'resources.standards_certifications.issuer', required: true },
    { name: 'certificate_number', kind: 'text', labelKey: 'resources.standards_certifications.certificate_number' },
    { name: 'valid_from', kind: 'date', labelKey: 'resources.fields.valid_from' },
    { name: 'valid_until', kind: 'date', labelKey: 'resources.fields.valid_until' },
    { name: 'notes', kind: 'textarea', labelKey: 'resources.fields.notes' },
  ],
  columns: ['name', 'issuer', 'certificate_number', 'valid_until'],
  sortable: ['name', 'issuer', 'created_at'],
  filterable: ['issuer'],
  searchable: ['name', 'issuer', 'certificate_number'],
  defaultSort: 'name',
  display: 'name',
});

export const NETWORK_KINDS = ['forwarder_network', 'carrier_alliance', 'trade_association', 'customs_programme', 'marketplace', 'other'] as const;

/** Supply chain and logistics networks the organisation belongs to (WCA, FIATA, AEO …). */
export const supplyChainNetworks = defineResource({
  name: 'supply-chain-networks',
  titleKey: 'resources.supply_chain_networks.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'kind', kind: 'enum', labelKey: 'resources.supply_chain_networks.kind', required: true, options: NETWORK_KINDS },
    { name: 'membership_number', kind: 'text', labelKey: 'resources.supply_chain_networks.membership_number' },
    { name: 'member_since', kind: 'date', labelKey: 'resources.supply_chain_networks.member_since' },
    { name: 'renewal_due', kind: 'date', labelKey: 'resources.supply_chain_networks.renewal_due' },
    { name: 'website', kind: 'url', labelKey: 'resources.fields.website' },
  ],
  columns: ['name', 'kind', 'membership_number', 'renewal_due'],
  sortable: ['name', 'kind', 'created_at'],
  filterable: ['kind'],
  searchable: ['name', 'membership_number'],
  defaultSort: 'name',
  display: 'name',
});
