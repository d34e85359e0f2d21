import { z } from 'zod';
import type { ResourceName } from './registry.ts';
import { code, country, currency, exchangeRate, iban, isoDate, locationCode, optionalDate, optionalText, percentage, requiredText, sortCode, uuidRef } from './fields.ts';
import { ALL_PERMISSIONS } from './permissions.ts';
import { LOCATION_TYPES } from './addresses.ts';
import { CHARGE_BASES, CHARGE_CATEGORIES } from './charge-codes.ts';
import { NETWORK_KINDS } from './network-records.ts';
import { CREDIT_STATUSES, NATIVE_ORGANISATION_TYPES } from './native-organisations.ts';
import { PARTNER_KINDS, PARTNER_STATUSES } from './partners.ts';
import { MARKUP_TYPES } from './sell-rules.ts';
import { LEAD_SOURCES, LEAD_STATUSES } from '../crm/model.ts';
import { ISO_SIZE_TYPE, QUOTE_MODES } from '../quotes/model.ts';
import { decimalString } from '../money/decimal-field.ts';
import { ACTIVITY_KINDS } from './native-records.ts';
import { COMMISSION_BASES, TASK_PRIORITIES, TASK_STATUSES } from './work-records.ts';
import { DOCUMENT_TYPES, TASK_ANCHORS, TASK_SUBJECTS } from '../operations/model.ts';
import { DOCUMENT_LANGUAGES } from './operations.ts';
import { EMPLOYMENT_TYPES, WORKING_PATTERN_NAMES } from '../hr/model.ts';
import { PAY_COMPONENT_CALCS, PAY_COMPONENT_KINDS } from './hr.ts';
import { FormulaError, parseFormula } from '../hr/formula.ts';
import { PERFORMANCE_SCHEMAS } from './performance-schemas.ts';
import { RECRUITMENT_SCHEMAS } from './recruitment-schemas.ts';

/** An IANA time zone name the runtime knows (Europe/London, Asia/Shanghai). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const referenceEntry = () =>
  z.object({ code: code(16), name: requiredText(120), description: optionalText(500), active: z.boolean().default(true) });

const ref = uuidRef.nullish().transform((v) => v ?? null);
const website = z.string().trim().regex(/^https?:\/\/\S+\.\S+$/i, 'website').nullish().transform((v) => v ?? null);

const addressSchema = z.object({
    label: requiredText(120),
    location_type: z.enum(LOCATION_TYPES),
    line1: requiredText(200),
    line2: optionalText(200),
    town: requiredText(120),
    county: optionalText(120),
    subdivision: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{1,3}$/, 'subdivision_code').nullish().transform((v) => v ?? null),
    postcode: optionalText(20),
    country: country,
    location_code: locationCode.nullish().transform((v) => v ?? null),
    is_primary: z.boolean().default(false),
  });
const bankDetailsSchema = z.object({
    account_name: requiredText(120),
    bank_name: requiredText(120),
    iban: iban,
    swift_bic: z.string().trim().toUpperCase().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'bic_invalid').nullish().transform((v) => v ?? null),
    sort_code: sortCode.nullish().transform((v) => v ?? null),
    account_number: z.string().trim().regex(/^\d{8}$/, 'account_number_invalid').nullish().transform((v) => v ?? null),
    currency: currency,
    notes: optionalText(500),
  });
const standardsSchema = z.object({
    name: requiredText(120),
    issuer: requiredText(120),
    certificate_number: optionalText(60),
    valid_from: optionalDate,
    valid_until: optionalDate,
    notes: optionalText(500),
  });
const networksSchema = z.object({
    name: requiredText(120),
    kind: z.enum(NETWORK_KINDS),
    membership_number: optionalText(60),
    member_since: optionalDate,
    renewal_due: optionalDate,
    website,
  });

/**
 * The create body of each record type (updates accept any subset of it): what the server checks and
 * the form checks before sending. Apart from the descriptors, so that a list page, which needs only
 * their metadata, does not load zod.
 */
export const RESOURCE_SCHEMAS = {
  addresses: addressSchema,
  'bank-details': bankDetailsSchema,
  'standards-certifications': standardsSchema,
  'supply-chain-networks': networksSchema,
  'charge-codes': z.object({
    code: code(12),
    name: requiredText(120),
    category: z.enum(CHARGE_CATEGORIES),
    basis: z.enum(CHARGE_BASES),
    default_currency: currency,
    taxable: z.boolean().default(false),
    description: optionalText(500),
  }),
  'client-tiers': z.object({
    name: requiredText(60),
    rank: z.number().int('whole_number').min(1, 'number_range').max(100, 'number_range'),
    discount_pct: percentage.default('0'),
    payment_terms_days: z.number().int('whole_number').min(0, 'number_range').max(365, 'number_range').default(30),
    description: optionalText(500),
  }),
  'organisation-currencies': z.object({ currency: currency, is_base: z.boolean().default(false), notes: optionalText(300) }),
  'exchange-rates': z
    .object({
      base: currency,
      quote: currency,
      rate: exchangeRate,
      valid_from: isoDate,
      notes: optionalText(300),
    })
    .refine((r) => r.base !== r.quote, { message: 'currencies_differ', path: ['quote'] }),
  departments: z.object({ name: requiredText(80), description: optionalText(500) }),
  partners: z.object({
    name: requiredText(160),
    kind: z.enum(PARTNER_KINDS),
    status: z.enum(PARTNER_STATUSES).default('active'),
    country: country,
    city: optionalText(120),
    contact_name: optionalText(120),
    contact_email: z.email('email_invalid').nullish().transform((v) => v ?? null),
    phone: optionalText(40),
    client_tier_id: uuidRef.nullish().transform((v) => v ?? null),
    notes: optionalText(1000),
  }),
  roles: z.object({
    name: requiredText(60),
    description: optionalText(300),
    permissions: z.array(z.enum(ALL_PERMISSIONS as [string, ...string[]])).max(ALL_PERMISSIONS.length).transform((p) => [...new Set(p)].sort()),
  }),
  'work-classifications': z.object({ code: code(12), name: requiredText(120), description: optionalText(500) }),
  'work-allocations': z.object({
    work_classification_id: uuidRef,
    department_id: ref,
    staff_user_id: ref,
    share_pct: percentage.default('100'),
    notes: optionalText(300),
  }),
  commissions: z.object({
    name: requiredText(120),
    basis: z.enum(COMMISSION_BASES),
    rate_pct: percentage,
    staff_user_id: ref,
    work_classification_id: ref,
    valid_from: optionalDate,
    valid_until: optionalDate,
  }),
  'client-assignments': z.object({ partner_id: uuidRef, staff_user_id: uuidRef, is_primary: z.boolean().default(true), notes: optionalText(300) }),
  tasks: z.object({
    title: requiredText(200),
    description: optionalText(2000),
    status: z.enum(TASK_STATUSES).default('todo'),
    priority: z.enum(TASK_PRIORITIES).default('normal'),
    due_on: optionalDate,
    assignee_user_id: ref,
    partner_id: ref,
    shipment_id: ref,
    booking_id: ref,
  }),
  'native-organisations': z.object({
    name: requiredText(160),
    type: z.enum(NATIVE_ORGANISATION_TYPES),
    country: country,
    city: optionalText(120),
    vat_number: z.string().trim().toUpperCase().transform((v) => v.replace(/[\s.-]/g, '')).pipe(z.string().max(20, 'text_too_long')).nullish().transform((v) => v || null),
    registration_number: optionalText(40),
    website,
    email: z.email('email_invalid').nullish().transform((v) => v ?? null),
    phone: optionalText(40),
    /** The language the client is written to in (client updates); null, the assistant's other rules decide. */
    language: z.enum(DOCUMENT_LANGUAGES).nullish().transform((v) => v ?? null),
    client_tier_id: ref,
    payment_terms_days: z.number().int('whole_number').min(0, 'number_range').max(365, 'number_range').nullish().transform((v) => v ?? null),
    credit_limit_minor: z.number().int('whole_number').min(0, 'number_range').max(Number.MAX_SAFE_INTEGER, 'number_range').nullish().transform((v) => v ?? null),
    currency: currency.nullish().transform((v) => v ?? null),
    credit_status: z.enum(CREDIT_STATUSES).default('ok'),
    assigned_user_id: ref,
    notes: optionalText(2000),
    /** Creates it even when it looks like one already there (409 possible_duplicate otherwise). */
    force: z.boolean().optional(),
  }),
  'native-contacts': z.object({
    native_organisation_id: uuidRef,
    name: requiredText(120),
    job_title: optionalText(120),
    email: z.email('email_invalid').nullish().transform((v) => v ?? null),
    phone: optionalText(40),
    is_primary: z.boolean().default(false),
  }),
  'sell-rules': z.object({
    name: requiredText(120),
    client_tier_id: ref,
    mode: z.enum(QUOTE_MODES).nullish().transform((v) => v ?? null),
    origin: locationCode.nullish().transform((v) => v ?? null),
    destination: locationCode.nullish().transform((v) => v ?? null),
    charge_category: z.enum(CHARGE_CATEGORIES).nullish().transform((v) => v ?? null),
    markup_type: z.enum(MARKUP_TYPES),
    /** percent: the markup on the buy amount, 0 to 100 %. */
    markup_pct: percentage.nullish().transform((v) => v ?? null),
    /** fixed: minor units of `currency` added per unit of the line's basis. */
    markup_minor: z.number().int('whole_number').min(0, 'number_range').max(100_000_000, 'number_range').nullish().transform((v) => v ?? null),
    currency: currency.nullish().transform((v) => v ?? null),
    priority: z.number().int('whole_number').min(0, 'number_range').max(1000, 'number_range').default(10),
  }),
  leads: z.object({
    company_name: requiredText(160),
    contact_name: optionalText(120),
    email: z.email('email_invalid').nullish().transform((v) => v ?? null),
    phone: optionalText(40),
    country: country,
    source: z.enum(LEAD_SOURCES),
    status: z.enum(LEAD_STATUSES).default('new'),
    lost_reason: optionalText(300),
    score: z.number().int('whole_number').min(0, 'number_range').max(100, 'number_range').default(0),
    owner_user_id: ref,
    notes: optionalText(2000),
  }),
  'native-addresses': addressSchema.extend({ native_organisation_id: uuidRef }),
  'native-bank-details': bankDetailsSchema.extend({ native_organisation_id: uuidRef }),
  'native-standards-certifications': standardsSchema.extend({ native_organisation_id: uuidRef }),
  'native-supply-chain-networks': networksSchema.extend({ native_organisation_id: uuidRef }),
  'crm-activities': z.object({
    native_organisation_id: uuidRef,
    kind: z.enum(ACTIVITY_KINDS),
    subject: requiredText(200),
    body: optionalText(5000),
    occurred_on: isoDate,
    native_contact_id: ref,
    user_id: ref,
  }),
  'carbon-offsets': z.object({
    provider: requiredText(120),
    certificate: optionalText(120),
    standard: optionalText(120),
    tonnes_co2e: decimalString({ min: '0', aboveMin: true, max: '100000000', places: 3 }),
    cost_minor: z.number().int('whole_number').min(0, 'number_range').max(Number.MAX_SAFE_INTEGER, 'number_range').nullish().transform((v) => v ?? null),
    currency: currency.nullish().transform((v) => v ?? null),
    retired_on: isoDate,
    notes: optionalText(2000),
  }),
  directions: referenceEntry(),
  'load-types': referenceEntry(),
  'transport-modes': referenceEntry().extend({ mode: z.enum(QUOTE_MODES) }),
  incoterms: referenceEntry().extend({ sea_only: z.boolean().default(false) }),
  'equipment-types': referenceEntry().extend({
    code: z.string().trim().toUpperCase().regex(ISO_SIZE_TYPE, 'iso_size_type'),
    teu: decimalString({ min: '0', aboveMin: true, max: '10', places: 2 }).default('1'),
  }),
  clocks: z.object({
    name: requiredText(80),
    time_zone: z.string().trim().refine(isTimeZone, 'time_zone'),
    position: z.number().int('whole_number').min(0, 'number_range').max(1000, 'number_range').default(0),
  }),
  'task-templates': z.object({
    title: requiredText(200),
    description: optionalText(2000),
    mode: z.enum(QUOTE_MODES).nullish().transform((v) => v ?? null),
    attach_to: z.enum(TASK_SUBJECTS),
    anchor: z.enum(TASK_ANCHORS).default('created'),
    offset_days: z.number().int('whole_number').min(-365, 'number_range').max(365, 'number_range').default(0),
    priority: z.enum(TASK_PRIORITIES).default('normal'),
    assignee_user_id: ref,
    active: z.boolean().default(true),
  }),
  'document-templates': z.object({
    type: z.enum(DOCUMENT_TYPES),
    language: z.enum(DOCUMENT_LANGUAGES).default('en'),
    accent_colour: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'colour_hex').nullish().transform((v) => v ?? null),
    terms: optionalText(4000),
    show_logo: z.boolean().default(true),
    show_parties: z.boolean().default(true),
    show_containers: z.boolean().default(true),
    show_charges: z.boolean().default(true),
    show_notes: z.boolean().default(true),
  }),
  employees: z
    .object({
      user_id: uuidRef,
      job_title: requiredText(120),
      department_id: ref,
      manager_id: ref,
      work_location: locationCode,
      employment_type: z.enum(EMPLOYMENT_TYPES),
      start_date: isoDate,
      end_date: optionalDate,
      working_pattern: z.enum(WORKING_PATTERN_NAMES as [string, ...string[]]).default('mon_fri'),
      salary_currency: currency,
    })
    .refine((e) => !e.end_date || e.end_date >= e.start_date, { message: 'end_before_start', path: ['end_date'] })
    .refine((e) => !e.manager_id || e.manager_id !== e.user_id, { message: 'own_manager', path: ['manager_id'] }),
  'leave-types': z.object({
    code: code(16),
    name: requiredText(80),
    paid: z.boolean().default(true),
    deducts_balance: z.boolean().default(true),
    requires_hr_approval: z.boolean().default(false),
    allow_half_days: z.boolean().default(true),
    active: z.boolean().default(true),
  }),
  'leave-policies': z.object({
    leave_type_id: uuidRef,
    name: requiredText(80),
    country: country.nullish().transform((v) => v ?? null),
    yearly_allowance: decimalString({ min: '0', max: '366', places: 2 }),
    accrual: z.enum(['monthly', 'upfront']),
    carry_forward_limit: decimalString({ min: '0', max: '366', places: 2 }).default('0'),
    carry_forward_expiry_months: z.number().int('whole_number').min(1, 'number_range').max(24, 'number_range').nullish().transform((v) => v ?? null),
  }),
  'salary-structures': z.object({ name: requiredText(80), description: optionalText(500) }),
  'pay-components': z
    .object({
      structure_id: uuidRef,
      code: code(20),
      name: requiredText(80),
      kind: z.enum(PAY_COMPONENT_KINDS),
      calc: z.enum(PAY_COMPONENT_CALCS),
      amount_minor: z.number().int('whole_number').min(0, 'number_range').max(1_000_000_000, 'number_range').nullish().transform((v) => v ?? null),
      percentage: decimalString({ min: '0', max: '100', places: 4 }).nullish().transform((v) => v ?? null),
      of: code(20).nullish().transform((v) => v ?? null),
      formula: z.string().trim().max(500, 'text_too_long').nullish().transform((v) => v || null),
      position: z.number().int('whole_number').min(0, 'number_range').max(1000, 'number_range').default(0),
    })
    .refine((c) => c.calc !== 'fixed' || c.amount_minor !== null, { message: 'required', path: ['amount_minor'] })
    .refine((c) => c.calc !== 'percentage' || c.percentage !== null, { message: 'required', path: ['percentage'] })
    .refine((c) => {
      if (c.calc !== 'formula') return true;
      try {
        parseFormula(c.formula ?? '');
        return true;
      } catch (e) {
        if (e instanceof FormulaError) return false;
        throw e;
      }
    }, { message: 'formula_invalid', path: ['formula'] }),
  'salary-assignments': z.object({ employee_id: uuidRef, structure_id: uuidRef, valid_from: isoDate, notes: optionalText(500) }),
  ...PERFORMANCE_SCHEMAS,
  ...RECRUITMENT_SCHEMAS,
} satisfies Record<ResourceName, z.ZodObject>;

export type ResourceSchemas = typeof RESOURCE_SCHEMAS;

/** The create schema of a record type. */
export function createSchemaOf(d: { name: string }): z.ZodObject {
  const schema = (RESOURCE_SCHEMAS as Record<string, z.ZodObject>)[d.name];
  if (!schema) throw new Error(`No create schema for ${d.name}`);
  return schema;
}
