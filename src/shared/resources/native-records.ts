import { defineResource, type ResourceDescriptor, type ResourceField } from './descriptor.ts';
import { addresses } from './addresses.ts';
import { bankDetails } from './bank-details.ts';
import { standardsCertifications, supplyChainNetworks } from './network-records.ts';
import type { PermissionModule } from './permissions.ts';

const ownerField: ResourceField = {
  name: 'native_organisation_id', kind: 'reference', labelKey: 'resources.native_contacts.organisation', required: true, reference: 'native-organisations',
};

/**
 * The native-organisation version of one of the organisation's own record types (spec §7 "native-organisation
 * versions also exist"): the same fields and checks, plus the native organisation it belongs to.
 */
function nativeVersionOf<const N extends string>(d: ResourceDescriptor, name: N, permissionModule: PermissionModule) {
  return defineResource({
    ...d,
    name,
    permissionModule,
    fields: [ownerField, ...d.fields],
    columns: [...d.columns, 'native_organisation_id'],
    filterable: [...d.filterable, 'native_organisation_id'],
    unique: d.unique?.map((u) => ['native_organisation_id', ...u]),
  });
}

export const nativeAddresses = nativeVersionOf(addresses, 'native-addresses', 'crm');
/** Bank accounts stay readable only with `bank_details`, as the organisation's own. */
export const nativeBankDetails = nativeVersionOf(bankDetails, 'native-bank-details', 'bank_details');
export const nativeStandardsCertifications = nativeVersionOf(standardsCertifications, 'native-standards-certifications', 'crm');
export const nativeSupplyChainNetworks = nativeVersionOf(supplyChainNetworks, 'native-supply-chain-networks', 'crm');

export const ACTIVITY_KINDS = ['note', 'call', 'email', 'meeting'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A note, call, e-mail or meeting logged against a native organisation (its profile's timeline). */
export const crmActivities = defineResource({
  name: 'crm-activities',
  titleKey: 'resources.crm_activities.title',
  permissionModule: 'crm',
  fields: [
    ownerField,
    { name: 'kind', kind: 'enum', labelKey: 'resources.crm_activities.kind', required: true, options: ACTIVITY_KINDS },
    { name: 'subject', kind: 'text', labelKey: 'resources.crm_activities.subject', required: true },
    { name: 'body', kind: 'textarea', labelKey: 'resources.crm_activities.body' },
    { name: 'occurred_on', kind: 'date', labelKey: 'resources.crm_activities.occurred_on', required: true },
    { name: 'native_contact_id', kind: 'reference', labelKey: 'resources.crm_activities.contact', reference: 'native-contacts' },
    { name: 'user_id', kind: 'reference', labelKey: 'resources.crm_activities.logged_by', reference: 'staff' },
  ],
  columns: ['occurred_on', 'kind', 'subject', 'native_organisation_id', 'user_id'],
  sortable: ['occurred_on', 'kind', 'created_at'],
  filterable: ['native_organisation_id', 'kind', 'user_id'],
  searchable: ['subject', 'body'],
  defaultSort: '-occurred_on',
  display: 'subject',
});

/** Carbon offsets the organisation bought (carbon-offsetting page): tonnes CO2e retired, at what cost. */
export const carbonOffsets = defineResource({
  name: 'carbon-offsets',
  titleKey: 'resources.carbon_offsets.title',
  permissionModule: 'crm',
  fields: [
    { name: 'provider', kind: 'text', labelKey: 'resources.carbon_offsets.provider', required: true },
    { name: 'certificate', kind: 'text', labelKey: 'resources.carbon_offsets.certificate' },
    { name: 'standard', kind: 'text', labelKey: 'resources.carbon_offsets.standard' },
    { name: 'tonnes_co2e', kind: 'decimal', labelKey: 'resources.carbon_offsets.tonnes_co2e', required: true },
    { name: 'cost_minor', kind: 'money', labelKey: 'resources.carbon_offsets.cost' },
    { name: 'currency', kind: 'currency', labelKey: 'resources.fields.currency' },
    { name: 'retired_on', kind: 'date', labelKey: 'resources.carbon_offsets.retired_on', required: true },
    { name: 'notes', kind: 'textarea', labelKey: 'resources.fields.notes' },
  ],
  columns: ['retired_on', 'provider', 'certificate', 'tonnes_co2e', 'cost_minor', 'currency'],
  sortable: ['retired_on', 'provider', 'created_at'],
  filterable: ['provider'],
  searchable: ['provider', 'certificate', 'standard'],
  defaultSort: '-retired_on',
  display: 'provider',
});
