import { defineResource } from './descriptor.ts';

/** The currencies an organisation trades in; exactly one is its base (reporting) currency. */
export const organisationCurrencies = defineResource({
  name: 'organisation-currencies',
  titleKey: 'resources.organisation_currencies.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'currency', kind: 'currency', labelKey: 'resources.fields.currency', required: true },
    { name: 'is_base', kind: 'boolean', labelKey: 'resources.organisation_currencies.is_base' },
    { name: 'notes', kind: 'textarea', labelKey: 'resources.fields.notes' },
  ],
  columns: ['currency', 'is_base', 'notes'],
  sortable: ['currency', 'created_at'],
  filterable: ['is_base'],
  searchable: ['currency', 'notes'],
  defaultSort: 'currency',
  display: 'currency',
  unique: [['currency']],
});

/** Dated manual rates: 1 `base` = `rate` `quote` from `valid_from` (a decimal string). They win over reference rates. */
export const exchangeRates = defineResource({
  name: 'exchange-rates',
  titleKey: 'resources.exchange_rates.title',
  permissionModule: 'control_centre',
  fields: [
    { name: 'base', kind: 'currency', labelKey: 'resources.exchange_rates.base', required: true },
    { name: 'quote', kind: 'currency', labelKey: 'resources.exchange_rates.quote', required: true },
    { name: 'rate', kind: 'decimal', labelKey: 'resources.exchange_rates.rate', required: true },
    { name: 'valid_from', kind: 'date', labelKey: 'resources.exchange_rates.valid_from', required: true },
    { name: 'notes', kind: 'textarea', labelKey: 'resources.fields.notes' },
  ],
  columns: ['base', 'quote', 'rate', 'valid_from'],
  sortable: ['valid_from', 'base', 'quote', 'created_at'],
  filterable: ['base', 'quote'],
  searchable: ['base', 'quote', 'notes'],
  defaultSort: '-valid_from',
  display: 'valid_from',
  unique: [['base', 'quote', 'valid_from']],
});
