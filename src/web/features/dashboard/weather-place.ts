import type { Location } from '#shared/api/locations.ts';
import type { WeatherPlace } from '../../lib/dashboard-store.ts';

/** "Rotterdam, NL (NLRTM)". */
export function placeLabel(place: Pick<WeatherPlace, 'name' | 'country' | 'code'>): string {
  return `${place.name}, ${place.country} (${place.code})`;
}

/** The weather needs coordinates: a location without them cannot be chosen. */
export function toWeatherPlace(location: Location): WeatherPlace | null {
  if (location.lat === null || location.lon === null) return null;
  return { code: location.code, name: location.name, country: location.country, lat: location.lat, lon: location.lon };
}
