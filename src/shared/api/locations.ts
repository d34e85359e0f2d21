import { z } from 'zod';

export const LOCATION_FUNCTIONS = ['port', 'rail', 'road', 'airport', 'postal', 'multimodal', 'fixed', 'inland_water', 'border'] as const;
export type LocationFunction = (typeof LOCATION_FUNCTIONS)[number];
/** Filters offered by the search call. */
export const SEARCHABLE_FUNCTIONS = ['port', 'airport', 'rail', 'road'] as const;

export const locationSearchQuery = z.object({
  q: z.string().trim().min(1).max(100),
  function: z.enum(SEARCHABLE_FUNCTIONS).optional(),
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'country_code').optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const locationSchema = z.object({
  code: z.string(),
  name: z.string(),
  country: z.string(),
  subdivision: z.string().nullable(),
  functions: z.array(z.enum(LOCATION_FUNCTIONS)),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type Location = z.infer<typeof locationSchema>;

export const subdivisionSchema = z.object({ code: z.string(), name: z.string(), type: z.string().nullable() });
export const townSchema = z.object({ name: z.string(), code: z.string(), subdivision: z.string().nullable() });
export const builderCountryQuery = z.object({ country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'country_code') });
export const townQuery = builderCountryQuery.extend({
  subdivision: z.string().trim().toUpperCase().max(3).optional(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
