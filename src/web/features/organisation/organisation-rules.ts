import type { Rule } from 'antd/es/form';
import type { OrganisationType } from '#shared/organisations/model.ts';
import { checkRule, translateValidation, type Check } from '../../lib/form-rules.ts';

/*
 * Hand-written twins of the shared `organisationInput` rules (src/shared/api/organisations.ts):
 * importing a value from that module brings zod along. organisation-rules.test.ts holds each
 * twin to the schema on sample inputs.
 */

/** The kinds of organisation (`ORGANISATION_TYPES`), in the same order. */
export const ORGANISATION_TYPE_KEYS = [
  'forwarder',
  'shipper',
  'carrier',
  'shipping_line',
  'airline',
  'nvocc',
  'customs_broker',
  'haulier',
  'warehouse',
  'courier',
  'port_terminal',
  'consignee',
] as const satisfies readonly OrganisationType[];

const maxLength =
  (max: number, check?: Check): Check =>
  (value) => {
    const text = value.trim();
    if (text.length > max) return 'text_too_long';
    return text && check ? check(text) : null;
  };

export const checkOrganisationName: Check = (value) => {
  const name = value.trim();
  if (name.length < 2) return 'organisation_name_required';
  return name.length > 160 ? 'text_too_long' : null;
};
export const checkCountry: Check = (value) => (/^[A-Z]{2}$/.test(value.trim().toUpperCase()) ? null : 'country_code');
export const checkAddressLine1: Check = (value) => {
  const text = value.trim();
  if (text.length < 1) return 'address_required';
  return text.length > 200 ? 'text_too_long' : null;
};
export const checkCity: Check = (value) => {
  const text = value.trim();
  if (text.length < 1) return 'city_required';
  return text.length > 120 ? 'text_too_long' : null;
};
export const checkAddressLine2 = maxLength(200);
export const checkPostcode = maxLength(20);
export const checkRegistrationNumber = maxLength(40);
export const checkLocationCode: Check = (value) =>
  value.trim() === '' || /^[A-Z]{2}[A-Z0-9]{3}$/.test(value.trim().toUpperCase()) ? null : 'location_code';
export const checkVatNumber = maxLength(20, (v) => (/^[A-Z]{2}[A-Z0-9 .-]{2,18}$/i.test(v) ? null : 'vat_number'));
export const checkWebsite = maxLength(200, (v) => (/^https?:\/\/[^\s]+\.[^\s]+$/i.test(v) ? null : 'website'));

/** At least one kind of organisation. */
export const typesRule: Rule = {
  validator: async (_rule, value: unknown) => {
    if (!Array.isArray(value) || value.length === 0) throw new Error(translateValidation('organisation_types_required'));
  },
};

export const organisationRules = {
  name: [checkRule(checkOrganisationName)],
  types: [typesRule],
  country: [checkRule(checkCountry)],
  address_line1: [checkRule(checkAddressLine1)],
  address_line2: [checkRule(checkAddressLine2)],
  city: [checkRule(checkCity)],
  postcode: [checkRule(checkPostcode)],
  location_code: [checkRule(checkLocationCode)],
  registration_number: [checkRule(checkRegistrationNumber)],
  vat_number: [checkRule(checkVatNumber)],
  website: [checkRule(checkWebsite)],
} satisfies Record<string, Rule[]>;

/** The form's values (antd Form). */
export interface OrganisationValues {
  name: string;
  types: OrganisationType[];
  country: string | undefined;
  address_line1: string;
  address_line2: string;
  city: string;
  postcode: string;
  location_code: string | undefined;
  registration_number: string;
  vat_number: string;
  website: string;
}

export const ORGANISATION_FIELDS = [
  'name',
  'types',
  'country',
  'address_line1',
  'address_line2',
  'city',
  'postcode',
  'location_code',
  'registration_number',
  'vat_number',
  'website',
] as const;

export interface OrganisationBody {
  name: string;
  types: OrganisationType[];
  country: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  postcode: string | null;
  location_code: string | null;
  registration_number: string | null;
  vat_number: string | null;
  website: string | null;
}

const optional = (value: string | undefined | null) => {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
};

/** What POST/PATCH /api/organisations receive: trimmed, empty optional fields as null. */
export function organisationBody(values: OrganisationValues): OrganisationBody {
  return {
    name: values.name.trim(),
    types: [...new Set(values.types)],
    country: (values.country ?? '').trim().toUpperCase(),
    address_line1: values.address_line1.trim(),
    address_line2: optional(values.address_line2),
    city: values.city.trim(),
    postcode: optional(values.postcode),
    location_code: optional(values.location_code)?.toUpperCase() ?? null,
    registration_number: optional(values.registration_number),
    vat_number: optional(values.vat_number),
    website: optional(values.website),
  };
}

export const EMPTY_ORGANISATION: OrganisationValues = {
  name: '',
  types: [],
  country: undefined,
  address_line1: '',
  address_line2: '',
  city: '',
  postcode: '',
  location_code: undefined,
  registration_number: '',
  vat_number: '',
  website: '',
};
