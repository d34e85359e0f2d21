import { z } from 'zod';
import { ORGANISATION_TYPES } from '../organisations/model.ts';

export const ORGANISATION_STATUSES = ['inactive', 'awaiting_payment', 'active', 'outstanding_payment'] as const;
export type OrganisationStatusName = (typeof ORGANISATION_STATUSES)[number];

const optionalText = (max: number) =>
  z.string().trim().max(max, 'text_too_long').optional().nullable().transform((v) => (v ? v : null));

export const organisationInput = z.object({
  name: z.string().trim().min(2, 'organisation_name_required').max(160, 'text_too_long'),
  types: z.array(z.enum(ORGANISATION_TYPES)).min(1, 'organisation_types_required').max(ORGANISATION_TYPES.length).transform((t) => [...new Set(t)]),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'country_code'),
  address_line1: z.string().trim().min(1, 'address_required').max(200, 'text_too_long'),
  address_line2: optionalText(200),
  city: z.string().trim().min(1, 'city_required').max(120, 'text_too_long'),
  postcode: optionalText(20),
  /** UN/LOCODE of the registered address (e.g. GBFXT). */
  location_code: z.string().trim().toUpperCase().regex(/^[A-Z]{2}[A-Z0-9]{3}$/, 'location_code').optional().nullable().transform((v) => v ?? null),
  registration_number: optionalText(40),
  vat_number: optionalText(20).refine((v) => v === null || /^[A-Z]{2}[A-Z0-9 .-]{2,18}$/i.test(v), 'vat_number'),
  website: optionalText(200).refine((v) => v === null || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), 'website'),
});
export const organisationPatch = organisationInput.partial();

export const organisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  types: z.array(z.string()),
  country: z.string(),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  city: z.string(),
  postcode: z.string().nullable(),
  location_code: z.string().nullable(),
  location: z.object({ code: z.string(), name: z.string(), country: z.string() }).nullable(),
  registration_number: z.string().nullable(),
  vat_number: z.string().nullable(),
  website: z.string().nullable(),
  logo_url: z.string().nullable(),
  status: z.enum(ORGANISATION_STATUSES),
  premium: z.boolean(),
  /** The caller's role: its name, and whether it may change the organisation's details. */
  role: z.string(),
  can_edit: z.boolean(),
  created_at: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;
