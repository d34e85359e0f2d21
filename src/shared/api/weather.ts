import { z } from 'zod';

export const weatherQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});

export const weatherSchema = z.object({
  provider: z.string(),
  temperature_c: z.number(),
  /** WMO weather interpretation code (0 clear … 99 thunderstorm with hail). */
  weather_code: z.number().int(),
  wind_kmh: z.number(),
  observed_at: z.string(),
});
export type Weather = z.infer<typeof weatherSchema>;

/** WMO codes grouped into the few words a dashboard needs (i18n keys under `weather.`). */
export function weatherKind(code: number): 'clear' | 'cloudy' | 'fog' | 'rain' | 'snow' | 'storm' {
  if (code <= 1) return 'clear';
  if (code <= 3) return 'cloudy';
  if (code <= 48) return 'fog';
  if (code >= 95) return 'storm';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  return 'rain';
}
