import { lazy, Suspense, useState } from 'react';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDashboardStore } from '../../../lib/dashboard-store.ts';
import { placeLabel } from '../weather-place.ts';

// Both on demand: the search brings antd's Select, the report the module of weatherKind (with
// the API's zod schemas, ~25 KB gzipped).
const PlaceSearch = lazy(async () => ({ default: (await import('./place-search.tsx')).PlaceSearch }));
const WeatherReport = lazy(async () => ({ default: (await import('./weather-report.tsx')).WeatherReport }));

/** Current weather at a place the user picks (UN/LOCODE search); the place is remembered. */
export function WeatherWidget() {
  const { t } = useTranslation();
  const place = useDashboardStore((s) => s.weatherPlace);
  const setWeatherPlace = useDashboardStore((s) => s.setWeatherPlace);
  const [choosing, setChoosing] = useState(false);

  const search = (
    <Suspense fallback={<Skeleton.Input active block />}>
      <PlaceSearch
        onChoose={(chosen) => {
          setWeatherPlace(chosen);
          setChoosing(false);
        }}
      />
    </Suspense>
  );

  if (!place) {
    // The search (antd's Select) loads when asked for, not with the dashboard.
    return (
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text type="secondary">{t('dashboard.weather.choose')}</Typography.Text>
        {choosing ? (
          search
        ) : (
          <Button icon={<EnvironmentOutlined aria-hidden="true" />} onClick={() => setChoosing(true)}>
            {t('dashboard.weather.choose_place')}
          </Button>
        )}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>
          <EnvironmentOutlined aria-hidden="true" /> {placeLabel(place)}
        </Typography.Text>
        <Button type="link" size="small" onClick={() => setChoosing((c) => !c)} aria-expanded={choosing}>
          {t(choosing ? 'dashboard.weather.keep_place' : 'dashboard.weather.change')}
        </Button>
      </Flex>
      {choosing && search}
      <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 3 }} />}>
        <WeatherReport place={place} />
      </Suspense>
    </Flex>
  );
}
