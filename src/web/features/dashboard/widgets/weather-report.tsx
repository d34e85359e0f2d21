import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Skeleton, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
// weatherKind's module holds the API's zod schemas too: this file is loaded on demand, so that
// zod stays off the dashboard's first load (see weather-widget.tsx).
import { weatherKind, type Weather } from '#shared/api/weather.ts';
import { api } from '../../../lib/api-client.ts';
import { isApiFailure } from '../../../lib/api-failure.ts';
import type { WeatherPlace } from '../../../lib/dashboard-store.ts';
import { dayjs } from '../../../lib/dayjs.ts';

/** Weather changes slowly: the provider is asked again at most every 10 minutes. */
export const WEATHER_STALE_MS = 10 * 60_000;

/** Re-renders every minute, so that "updated 3 minutes ago" stays true. */
function useMinuteTick(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(id);
  }, []);
}

/** The current weather at `place`; a 503 (no provider reachable) is said plainly. */
export function WeatherReport({ place }: { place: WeatherPlace }) {
  const { t, i18n } = useTranslation();
  useMinuteTick();
  const weather = useQuery({
    queryKey: ['weather', place.lat, place.lon],
    // silent: a missing provider is this widget's business, not a global error notice.
    queryFn: () => api.get<Weather>('/weather', { params: { lat: place.lat, lon: place.lon }, silent: true }),
    staleTime: WEATHER_STALE_MS,
    retry: false,
  });

  if (weather.isPending) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  if (weather.isError) {
    const unavailable = isApiFailure(weather.error) && weather.error.status === 503;
    return (
      <Alert
        type={unavailable ? 'info' : 'warning'}
        showIcon
        title={t(unavailable ? 'dashboard.weather.unavailable' : 'dashboard.weather.failed')}
        action={
          <Button size="small" icon={<ReloadOutlined aria-hidden="true" />} onClick={() => void weather.refetch()} loading={weather.isFetching}>
            {t('dashboard.weather.retry')}
          </Button>
        }
      />
    );
  }

  const { temperature_c, weather_code, wind_kmh, observed_at } = weather.data;
  const language = i18n.language;
  const temperature = new Intl.NumberFormat(language, { style: 'unit', unit: 'celsius', maximumFractionDigits: 0 }).format(temperature_c);
  const wind = new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer-per-hour', maximumFractionDigits: 0 }).format(wind_kmh);
  return (
    <Flex vertical gap={4}>
      <Flex align="baseline" gap={12} wrap>
        <span className="fyn-dashboard-weather-temperature">{temperature}</span>
        <Typography.Text strong>{t(`dashboard.weather.kinds.${weatherKind(weather_code)}`)}</Typography.Text>
      </Flex>
      <Typography.Text>{t('dashboard.weather.wind', { speed: wind })}</Typography.Text>
      <Typography.Text type="secondary">
        <time dateTime={observed_at} title={dayjs(observed_at).format('LLL')}>
          {t('dashboard.weather.updated', { time: dayjs(observed_at).fromNow() })}
        </time>
      </Typography.Text>
    </Flex>
  );
}
