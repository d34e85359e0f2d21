import { defineResource } from './descriptor.ts';

export const bankDetails = defineResource({
  name: 'bank-details',
  titleKey: 'resources.bank_details.title',
  permissionModule: 'bank_details',
  fields: [
    { name: 'account_name', kind: 'text', labelKey: 'resources.bank_details.account_name', required: true },
    { name: 'bank_name', kind: 'text', labelKey: 'resources.bank_details.bank_name', required: true },
    { name: 'iban', kind: 'text', labelKey: 'resources.bank_details.iban', required: true },
    { name: 'swift_bic', kind: 'text', labelKey: 'resources.bank_details.swift_bic' },
    { name: 'sort_code', kind: 'text', labelKey: 'resources.bank_details.sort_code' },
    { name: 'account_number', kind: 'text', labelKey: 'resources.bank_details.account_number' },
    { name: 'currency', kind: 'currency', labelKey: 'resources.fields.currency', required: true },
    { name: 'notes', kind: 'textarea', labelKey: 'resources.fields.notes' },
  ],
  columns: ['account_name', 'bank_name', 'iban', 'sort_code', 'currency'],
  sortable: ['account_name', 'bank_name', 'currency', 'created_at'],
  filterable: ['currency'],
  searchable: ['account_name', 'bank_name', 'iban'],
  defaultSort: 'account_name',
  display: 'account_name',
  unique: [['iban']],
  auditMasked: ['iban', 'account_number'],
});
