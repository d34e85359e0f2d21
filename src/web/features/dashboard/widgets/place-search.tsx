import { useEffect, useId, useState, type ReactNode } from 'react';
import { Flex, Select, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Location } from '#shared/api/locations.ts';
import { api } from '../../../lib/api-client.ts';
import { LocationOption } from '../../../components/location-picker.tsx';
import type { WeatherPlace } from '../../../lib/dashboard-store.ts';
import { placeLabel, toWeatherPlace } from '../weather-place.ts';

export const PLACE_SEARCH_DEBOUNCE_MS = 300;
const MIN_SEARCH_LENGTH = 2;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

/**
 * Search of UN/LOCODE places (GET /api/locations/search), debounced. Places without
 * coordinates are shown but cannot be chosen. Loaded on demand with the weather widget.
 */
export function PlaceSearch({ onChoose }: { onChoose: (place: WeatherPlace) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const term = useDebounced(text.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['locations', 'search', term],
    queryFn: () => api.get<Location[]>('/locations/search', { params: { q: term, limit: 10 }, silent: true }),
    enabled: term.length >= MIN_SEARCH_LENGTH,
    staleTime: 60 * 60_000,
    retry: false,
  });
  const results = term.length >= MIN_SEARCH_LENGTH ? (search.data ?? []) : [];
  const options = results.map((location) => {
    const place = toWeatherPlace(location);
    const label = placeLabel(location);
    return {
      value: location.code,
      label: place ? label : t('dashboard.weather.no_coordinates', { place: label }),
      disabled: !place,
      location,
    };
  });

  let notFound: ReactNode;
  if (text.trim().length < MIN_SEARCH_LENGTH) notFound = t('dashboard.weather.min_chars');
  else if (search.isFetching || term !== text.trim())
    notFound = (
      <Flex gap={8} align="center">
        <Spin size="small" />
        {t('dashboard.weather.searching')}
      </Flex>
    );
  else if (search.isError) notFound = t('dashboard.weather.search_failed');
  else notFound = t('dashboard.weather.no_results');

  return (
    <Flex vertical gap={4}>
      <Typography.Text>
        <label htmlFor={id}>{t('dashboard.weather.search_label')}</label>
      </Typography.Text>
      <Select
        id={id}
        autoFocus
        defaultOpen
        style={{ width: '100%' }}
        placeholder={t('dashboard.weather.search_placeholder')}
        showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
        value={null}
        options={options}
        notFoundContent={notFound}
        // What each place serves (port, airport, rail, road …), as every picker of places shows it.
        optionRender={(option) => <LocationOption location={option.data.location} label={String(option.data.label)} />}
        suffixIcon={null}
        onSelect={(code: string | null) => {
          const location = results.find((l) => l.code === code);
          const place = location ? toWeatherPlace(location) : null;
          if (place) onChoose(place);
        }}
      />
    </Flex>
  );
}
