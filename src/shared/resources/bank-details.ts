import { z } from 'zod';
import { defineResource } from './descriptor.ts';
import { currency, iban, optionalText, requiredText, sortCode } from './fields.ts';

export const bankDetails = defineResource({
  name: 'bank-details',
  titleKey: 'resources.bank_details.title',
  permissionModule: 'bank_details',
  create: z.object({
    account_name: requiredText(120),
    bank_name: requiredText(120),
    iban: iban,
    swift_bic: z.string().trim().toUpperCase().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'bic_invalid').nullish().transform((v) => v ?? null),
    sort_code: sortCode.nullish().transform((v) => v ?? null),
    account_number: z.string().trim().regex(/^\d{8}$/, 'account_number_invalid').nullish().transform((v) => v ?? null),
    currency: currency,
    notes: optionalText(500),
  }),
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
