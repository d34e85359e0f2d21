import { z } from 'zod';

export const LOCATION_FUNCTIONS = ['port', 'rail', 'road', 'airport', 'postal', 'multimodal', 'fixed', 'inland_water', 'border'] as const;
export type LocationFunction = (typeof LOCATION_FUNCTIONS)[number];
/** Filters offered by the search call. */
export const SEARCHABLE_FUNCTIONS = ['port', 'airport', 'rail', 'road'] as const;
export type SearchableFunction = (typeof SEARCHABLE_FUNCTIONS)[number];

/**
 * The function a place needs for a transport mode (a quote's `sea_fcl`, a leg's `sea`, …): sea →
 * port (UN/LOCODE 1, with the trade codes carriers use for ports), air → airport (4), road → road
 * terminal (3), rail → rail terminal (2); undefined for anything else.
 */
export function functionForMode(mode: string | null | undefined): SearchableFunction | undefined {
  const family = mode?.split('_')[0];
  return family === 'sea' ? 'port' : family === 'air' ? 'airport' : family === 'road' ? 'road' : family === 'rail' ? 'rail' : undefined;
}

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
  /** What the place serves: UNECE's functions, with those carriers use the code for (trade usage). */
  functions: z.array(z.enum(LOCATION_FUNCTIONS)),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** Where lat/lon come from: unece, wpi (NGA World Port Index), smdg (SMDG terminals), port or city (a trade code's UNECE entries); null without. */
  coordinates: z.enum(['unece', 'wpi', 'smdg', 'port', 'city']).nullable(),
  /** Why UNECE's own coordinates were dropped (outside_country, zero, malformed, corrected), null when not. */
  coordinates_flag: z.string().nullable(),
  /**
   * UNECE's own record when the trade usage names or uses the code otherwise (CNSHA: "Shanghai
   * Hongqiao International Apt", airport; carriers: the port of Shanghai, UNECE's CNSHG); null when not.
   */
  unece: z.object({ name: z.string(), functions: z.array(z.enum(LOCATION_FUNCTIONS)), port: z.string().nullable() }).nullable(),
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
