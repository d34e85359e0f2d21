import { defineResource } from './descriptor.ts';
import { LEAD_SOURCES, LEAD_STATUSES } from '../crm/model.ts';

/** An enquiry before it is a client (crm/lead-generation); converting makes a native organisation and a deal. */
export const leads = defineResource({
  name: 'leads',
  titleKey: 'resources.leads.title',
  permissionModule: 'crm',
  fields: [
    { name: 'company_name', kind: 'text', labelKey: 'resources.leads.company_name', required: true },
    { name: 'contact_name', kind: 'text', labelKey: 'resources.partners.contact_name' },
    { name: 'email', kind: 'email', labelKey: 'resources.fields.email' },
    { name: 'phone', kind: 'text', labelKey: 'resources.fields.phone' },
    { name: 'country', kind: 'country', labelKey: 'resources.fields.country', required: true },
    { name: 'source', kind: 'enum', labelKey: 'resources.leads.source', required: true, options: LEAD_SOURCES },
    { name: 'status', kind: 'enum', labelKey: 'resources.leads.status', options: LEAD_STATUSES },
    { name: 'lost_reason', kind: 'text', labelKey: 'resources.leads.lost_reason' },
    { name: 'score', kind: 'number', labelKey: 'resources.leads.score' },
    { name: 'owner_user_id', kind: 'reference', labelKey: 'resources.leads.owner', reference: 'staff' },
    { name: 'notes', kind: 'textarea', labelKey: 'resources.fields.notes' },
  ],
  columns: ['company_name', 'contact_name', 'country', 'source', 'status', 'score', 'owner_user_id'],
  sortable: ['company_name', 'status', 'score', 'created_at'],
  filterable: ['status', 'source', 'country', 'owner_user_id'],
  searchable: ['company_name', 'contact_name', 'email'],
  defaultSort: '-created_at',
  display: 'company_name',
});
