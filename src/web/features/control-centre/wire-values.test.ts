import { describe, expect, it } from 'vitest';
import type { ResourceDescriptor } from '#shared/resources/descriptor.ts';
import { exchangeRates } from '#shared/resources/currencies.ts';
import { partners } from '#shared/resources/partners.ts';
import type { ResourceRecord } from './cc-api.ts';
import { listQuery, sortKeyOf } from './list-params.ts';
import { acceptsNull, bodyOf, checkField, checkRecord, formValuesOf } from './wire-values.ts';

const field = (d: ResourceDescriptor, name: string) => d.fields.find((f) => f.name === name)!;
const stamp = '2030-01-01T00:00:00.000Z';

describe('resource form values', () => {
  it('checks a field with the descriptor’s schema (validation keys)', () => {
    expect(checkField(partners, field(partners, 'name'), '  ')).toBe('required');
    expect(checkField(partners, field(partners, 'contact_email'), '')).toBeNull();
    expect(checkField(partners, field(partners, 'contact_email'), 'nope')).toBe('email_invalid');
    expect(checkField(partners, field(partners, 'country'), 'GB')).toBeNull();
    expect(checkField(exchangeRates, field(exchangeRates, 'rate'), '-1')).toBe('number_range');
    expect(checkField(exchangeRates, field(exchangeRates, 'rate'), '1e3')).toBe('decimal_format');
    expect(checkField(exchangeRates, field(exchangeRates, 'rate'), '1.12345678901')).toBe('decimal_places');
    expect(checkField(exchangeRates, field(exchangeRates, 'base'), 'ABC')).toBe('currency_code');
    expect(checkRecord(exchangeRates, { base: 'EUR', quote: 'EUR', rate: '1.1', valid_from: '2030-01-01' }, null)).toEqual({ quote: 'currencies_differ' });
  });

  it('carries rates as the decimal strings typed, never through a float', () => {
    const values = { ...formValuesOf(exchangeRates, null), base: 'GBP', quote: 'JPY', rate: ' 0.1000000003 ', valid_from: '2030-01-01' };
    expect(bodyOf(exchangeRates, values, null)).toEqual({ base: 'GBP', quote: 'JPY', rate: '0.1000000003', valid_from: '2030-01-01' });
    const record = { id: 'r1', created_at: stamp, updated_at: stamp, base: 'GBP', quote: 'JPY', rate: '186.75', valid_from: '2030-01-01', notes: null } as ResourceRecord;
    expect(formValuesOf(exchangeRates, record).rate).toBe('186.75');
    expect(bodyOf(exchangeRates, { ...formValuesOf(exchangeRates, record), rate: '186.7501' }, record)).toEqual({ rate: '186.7501' });
  });

  it('sends what a new record has, and only what changed on an existing one', () => {
    const values = { ...formValuesOf(partners, null), name: 'Maersk', kind: 'carrier', country: 'DK', city: '' };
    expect(bodyOf(partners, values, null)).toEqual({ name: 'Maersk', kind: 'carrier', country: 'DK' });
    const record = { id: 'p1', created_at: stamp, updated_at: stamp, name: 'Maersk', kind: 'carrier', status: 'active', country: 'DK', city: null } as ResourceRecord;
    expect(bodyOf(partners, { ...formValuesOf(partners, record), city: ' Copenhagen ' }, record)).toEqual({ city: 'Copenhagen' });
    expect(bodyOf(partners, { ...formValuesOf(partners, record), status: null }, record)).toEqual({ status: null });
    expect(acceptsNull(partners, field(partners, 'status'))).toBe(false);
    expect(acceptsNull(partners, field(partners, 'city'))).toBe(true);
  });

  it('builds the list query: page, per_page, sort, q and filter[field]', () => {
    expect(listQuery({ page: 2, perPage: 50, sort: '-name', q: ' acme ', filters: { kind: 'agent', country: '' } })).toEqual({
      page: 2, per_page: 50, sort: '-name', q: 'acme', 'filter[kind]': 'agent',
    });
    expect(sortKeyOf(partners, 'name', 'descend')).toBe('-name');
    expect(sortKeyOf(partners, 'city', 'ascend')).toBe('name');
    expect(sortKeyOf(partners, 'name', null)).toBe('name');
  });
});
