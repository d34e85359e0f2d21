import type { Location, SearchableFunction } from '#shared/api/locations.ts';
import { api } from './api-client.ts';

export type { Location };

/** UN/LOCODE places by name or code (GET /api/locations/search), within a country and serving a function if given. */
export function searchLocations(q: string, country: string | undefined, fn: SearchableFunction | undefined, signal?: AbortSignal): Promise<Location[]> {
  return api.get<Location[]>('/locations/search', { params: { q, country, function: fn, limit: 10 }, silent: true, signal });
}

/** "Felixstowe (GBFXT)". */
export const locationLabel = (location: { code: string; name: string }) => `${location.name} (${location.code})`;
