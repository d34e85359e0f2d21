import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { subdivisionSchema, townSchema } from '#shared/api/locations.ts';
import { api } from '../../lib/api-client.ts';

/** A country with UN/LOCODE places (GET /api/address-builder/countries). */
export interface BuilderCountry {
  code: string;
  places: number;
}
/** An ISO 3166-2 subdivision: `code` is the part after the country ("SFK"). */
export type Subdivision = z.infer<typeof subdivisionSchema>;
/** A UN/LOCODE town: `code` is its UN/LOCODE ("GBFXT"). */
export type Town = z.infer<typeof townSchema>;

export const TOWN_LIMIT = 20;
const LONG = 60 * 60_000;

/** Calls of the address builder (logged-in users). */
export const builderApi = {
  countries: (signal?: AbortSignal) => api.get<BuilderCountry[]>('/address-builder/countries', { signal, silent: true }),
  subdivisions: (country: string, signal?: AbortSignal) =>
    api.get<Subdivision[]>('/address-builder/subdivisions', { params: { country }, signal, silent: true }),
  towns: (params: { country: string; subdivision?: string; q: string }, signal?: AbortSignal) =>
    api.get<Town[]>('/address-builder/towns', {
      params: { country: params.country, ...(params.subdivision && { subdivision: params.subdivision }), q: params.q, limit: TOWN_LIMIT },
      signal,
      silent: true,
    }),
};

export const builderKeys = {
  countries: ['address-builder', 'countries'] as const,
  subdivisions: (country: string) => ['address-builder', 'subdivisions', country] as const,
  towns: (country: string, subdivision: string, q: string) => ['address-builder', 'towns', country, subdivision, q] as const,
};

/** The countries that have UN/LOCODE places. */
export function useBuilderCountries() {
  return useQuery({ queryKey: builderKeys.countries, queryFn: ({ signal }) => builderApi.countries(signal), staleTime: LONG, retry: false });
}

/** The subdivisions of `country` (none asked before a country is chosen). */
export function useSubdivisions(country: string | undefined) {
  return useQuery({
    queryKey: builderKeys.subdivisions(country ?? ''),
    queryFn: ({ signal }) => builderApi.subdivisions(country ?? '', signal),
    enabled: Boolean(country),
    staleTime: LONG,
    retry: false,
  });
}

/** Towns of `country` (and `subdivision`, if given) whose name starts with `q`; asked once `q` is typed. */
export function useTowns(country: string | undefined, subdivision: string | undefined, q: string) {
  return useQuery({
    queryKey: builderKeys.towns(country ?? '', subdivision ?? '', q),
    queryFn: ({ signal }) => builderApi.towns({ country: country ?? '', subdivision, q }, signal),
    enabled: Boolean(country) && q !== '',
    staleTime: LONG,
    retry: false,
  });
}
