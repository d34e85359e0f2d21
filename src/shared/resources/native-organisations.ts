import { defineResource } from './descriptor.ts';
import { ORGANISATION_TYPES } from '../organisations/model.ts';
import { DOCUMENT_LANGUAGES } from './operations.ts';

export const CREDIT_STATUSES = ['ok', 'hold', 'stop'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];
export const NATIVE_ORGANISATION_TYPES = ORGANISATION_TYPES;

/** A company that is not on FYN (a shipper, a consignee, an overseas agent): the CRM's own client record. */
export const nativeOrganisations = defineResource({
  name: 'native-organisations',
  titleKey: 'resources.native_organisations.title',
  permissionModule: 'crm',
  fields: [
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'type', kind: 'enum', labelKey: 'resources.native_organisations.type', required: true, options: NATIVE_ORGANISATION_TYPES },
    { name: 'country', kind: 'country', labelKey: 'resources.fields.country', required: true },
    { name: 'city', kind: 'text', labelKey: 'resources.fields.city' },
    { name: 'vat_number', kind: 'text', labelKey: 'resources.native_organisations.vat_number' },
    { name: 'registration_number', kind: 'text', labelKey: 'resources.native_organisations.registration_number' },
    { name: 'website', kind: 'url', labelKey: 'resources.native_organisations.website' },
    { name: 'email', kind: 'email', labelKey: 'resources.fields.email' },
    { name: 'phone', kind: 'text', labelKey: 'resources.fields.phone' },
    /** The language the client is written to in (the assistant's client updates take it first). */
    { name: 'language', kind: 'enum', labelKey: 'resources.native_organisations.language', options: DOCUMENT_LANGUAGES },
    { name: 'client_tier_id', kind: 'reference', labelKey: 'resources.partners.client_tier', reference: 'client-tiers' },
    { name: 'payment_terms_days', kind: 'number', labelKey: 'resources.client_tiers.payment_terms_days' },
    { name: 'credit_limit_minor', kind: 'money', labelKey: 'resources.native_organisations.credit_limit' },
    { name: 'currency', kind: 'currency', labelKey: 'resources.native_organisations.credit_currency' },
    { name: 'credit_status', kind: 'enum', labelKey: 'resources.native_organisations.credit_status', options: CREDIT_STATUSES },
    { name: 'assigned_user_id', kind: 'reference', labelKey: 'resources.native_organisations.assigned_to', reference: 'staff' },
    { name: 'notes', kind: 'textarea', labelKey: 'resources.fields.notes' },
  ],
  columns: ['name', 'type', 'country', 'city', 'credit_status', 'assigned_user_id'],
  sortable: ['name', 'type', 'country', 'credit_status', 'created_at'],
  filterable: ['type', 'country', 'credit_status', 'client_tier_id', 'assigned_user_id'],
  searchable: ['name', 'city', 'vat_number', 'email'],
  defaultSort: 'name',
  display: 'name',
  createFlags: ['force'],
});

/** A person at a native organisation: whom quotes are addressed to. */
export const nativeContacts = defineResource({
  name: 'native-contacts',
  titleKey: 'resources.native_contacts.title',
  permissionModule: 'crm',
  fields: [
    { name: 'native_organisation_id', kind: 'reference', labelKey: 'resources.native_contacts.organisation', required: true, reference: 'native-organisations' },
    { name: 'name', kind: 'text', labelKey: 'resources.fields.name', required: true },
    { name: 'job_title', kind: 'text', labelKey: 'resources.native_contacts.job_title' },
    { name: 'email', kind: 'email', labelKey: 'resources.fields.email' },
    { name: 'phone', kind: 'text', labelKey: 'resources.fields.phone' },
    { name: 'is_primary', kind: 'boolean', labelKey: 'resources.native_contacts.is_primary' },
  ],
  columns: ['name', 'native_organisation_id', 'job_title', 'email', 'phone', 'is_primary'],
  sortable: ['name', 'created_at'],
  filterable: ['native_organisation_id', 'is_primary'],
  searchable: ['name', 'email', 'job_title'],
  defaultSort: 'name',
  display: 'name',
});
