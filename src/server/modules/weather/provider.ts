import type { Weather } from '#shared/api/weather.ts';

/** A source of current weather; `null` when it cannot be reached or answers nonsense. */
export type WeatherProvider = { readonly name: string; current(lat: number, lon: number): Promise<Weather | null> };

/** Open-Meteo's forecast API (no key needed); the address is configurable for tests and mirrors. */
export function createOpenMeteoProvider(url: string, timeoutMs = 4000): WeatherProvider {
  return {
    name: 'open-meteo',
    async current(lat, lon) {
      const q = new URL(url);
      q.searchParams.set('latitude', lat.toFixed(3));
      q.searchParams.set('longitude', lon.toFixed(3));
      q.searchParams.set('current', 'temperature_2m,weather_code,wind_speed_10m');
      try {
        const res = await fetch(q, { signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) return null;
        const c = (await res.json())?.current;
        if (typeof c?.temperature_2m !== 'number' || typeof c?.weather_code !== 'number') return null;
        return {
          provider: 'open-meteo',
          temperature_c: c.temperature_2m,
          weather_code: c.weather_code,
          wind_kmh: typeof c.wind_speed_10m === 'number' ? c.wind_speed_10m : 0,
          observed_at: new Date(String(c.time).endsWith('Z') ? c.time : `${c.time}Z`).toISOString(),
        };
      } catch {
        return null;
      }
    },
  };
}

/** Caches answers for ten minutes per place (rounded to about a kilometre). */
export function withCache(provider: WeatherProvider, ttlMs = 10 * 60_000): WeatherProvider {
  const cache = new Map<string, { at: number; value: Weather }>();
  return {
    name: provider.name,
    async current(lat, lon) {
      const key = `${lat.toFixed(2)},${lon.toFixed(2)}`;
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const value = await provider.current(lat, lon);
      if (value) {
        if (cache.size > 5000) cache.clear();
        cache.set(key, { at: Date.now(), value });
      }
      return value;
    },
  };
}
