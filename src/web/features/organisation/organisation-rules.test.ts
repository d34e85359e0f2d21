// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { organisationInput } from '#shared/api/organisations.ts';
import { ORGANISATION_TYPES } from '#shared/organisations/model.ts';
import { COUNTRY_CODES, countryOptions } from '../../lib/countries.ts';
import {
  checkAddressLine1,
  checkCity,
  checkCountry,
  checkLocationCode,
  checkOrganisationName,
  checkPostcode,
  checkVatNumber,
  checkWebsite,
  EMPTY_ORGANISATION,
  ORGANISATION_TYPE_KEYS,
  organisationBody,
  type OrganisationValues,
} from './organisation-rules.ts';

const valid: OrganisationValues = {
  ...EMPTY_ORGANISATION,
  name: 'Acme Freight',
  types: ['forwarder'],
  country: 'GB',
  address_line1: '1 Dock Road',
  city: 'Felixstowe',
};

/** The first message the shared schema gives for a field, or null. */
function schemaSays(field: keyof OrganisationValues, value: unknown): string | null {
  const result = organisationInput.safeParse({ ...organisationBody(valid), [field]: value });
  if (result.success) return null;
  return result.error.issues.find((i) => i.path[0] === field)?.message ?? 'invalid';
}

describe('organisation rules (twins of the shared schema)', () => {
  it('knows the same organisation types', () => {
    expect([...ORGANISATION_TYPE_KEYS]).toEqual([...ORGANISATION_TYPES]);
  });

  it.each([
    ['name', checkOrganisationName, ['', ' A ', 'Ac', 'x'.repeat(160), 'x'.repeat(161)]],
    ['country', checkCountry, ['', 'GB', 'gb', 'GBR', '1A']],
    ['address_line1', checkAddressLine1, ['', '  ', '1 Dock Road', 'x'.repeat(201)]],
    ['city', checkCity, ['', 'Felixstowe', 'x'.repeat(121)]],
    ['postcode', checkPostcode, ['IP11 3SY', 'x'.repeat(21)]],
    ['location_code', checkLocationCode, ['GBFXT', 'gbfxt', 'GB-FX', 'GBFX', 'GB1X2']],
    ['vat_number', checkVatNumber, ['GB123456789', 'DE 123.456-78', '123456789', 'G', 'GB' + '1'.repeat(19)]],
    ['website', checkWebsite, ['https://acme.example', 'http://a.b', 'acme.example', 'https://acme', 'https://' + 'a'.repeat(200) + '.com']],
  ] as const)('%s agrees with organisationInput', (field, check, samples) => {
    for (const sample of samples) {
      const body = field === 'location_code' || field === 'postcode' || field === 'vat_number' || field === 'website' ? sample || null : sample;
      expect(check(sample), `${field} ${JSON.stringify(sample)}`).toBe(schemaSays(field, body));
    }
  });

  it('builds a body the schema accepts, with empty optional fields as null', () => {
    const body = organisationBody({ ...valid, name: '  Acme Freight ', location_code: 'gbfxt', website: ' ' });
    expect(body).toMatchObject({ name: 'Acme Freight', location_code: 'GBFXT', website: null, address_line2: null, vat_number: null });
    expect(organisationInput.safeParse(body).success).toBe(true);
  });
});

describe('countries', () => {
  it('lists the ISO 3166 countries, named in the interface language', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    const en = countryOptions('en');
    expect(en.find((c) => c.value === 'GB')?.label).toBe('United Kingdom');
    expect(countryOptions('de').find((c) => c.value === 'DE')?.label).toBe('Deutschland');
    expect(en.map((c) => c.label)).toEqual([...en.map((c) => c.label)].sort(new Intl.Collator('en').compare));
  });
});
