import { useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { locationLabel, searchLocations } from '../lib/locations.ts';
import { useDebounced } from '../lib/use-debounced.ts';

export const LOCATION_SEARCH_DELAY_MS = 300;

export interface LocationPickerProps {
  id?: string;
  /** The UN/LOCODE (antd Form passes it). */
  value?: string | null;
  onChange?: (code: string | undefined) => void;
  /** Only places of this country (ISO 3166 alpha-2). */
  country?: string;
  /** How to show the current value before any search (the saved location). */
  initial?: { code: string; name: string } | null;
  'aria-invalid'?: boolean;
  'aria-label'?: string;
  status?: 'error';
}

/** A UN/LOCODE place, searched by name or code within the chosen country ("Felixstowe (GBFXT)"). */
export function LocationPicker({ id, value, onChange, country, initial, status, ...aria }: LocationPickerProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  // The label of the current value, which a new search may not list.
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(
    initial ? { value: initial.code, label: locationLabel(initial) } : null,
  );
  const query = useDebounced(term.trim(), LOCATION_SEARCH_DELAY_MS);
  const search = useQuery({
    queryKey: ['locations', 'search', country ?? '', query],
    queryFn: ({ signal }) => searchLocations(query, country, signal),
    enabled: query.length >= 2,
    staleTime: 5 * 60_000,
    retry: false,
  });

  const options = useMemo(() => {
    const found = (search.data ?? []).map((l) => ({ value: l.code, label: locationLabel(l) }));
    if (value && !found.some((o) => o.value === value)) {
      found.unshift({ value, label: chosen?.value === value ? chosen.label : value });
    }
    return found;
  }, [search.data, value, chosen]);

  const searching = query !== term.trim() || search.isFetching;
  return (
    <Select
      id={id}
      aria-invalid={aria['aria-invalid']}
      aria-label={aria['aria-label']}
      status={status}
      value={value ?? undefined}
      allowClear
      placeholder={t('organisation.location_placeholder')}
      showSearch={{ filterOption: false, onSearch: setTerm, searchValue: term, autoClearSearchValue: true }}
      options={options}
      notFoundContent={
        searching && query.length >= 2 ? (
          <Spin size="small" />
        ) : term.trim().length < 2 ? (
          t('organisation.location_type_more')
        ) : (
          t('organisation.location_none')
        )
      }
      onChange={(code: string | undefined, option) => {
        const picked = option && !Array.isArray(option) ? option : null;
        setChosen(code && picked ? { value: code, label: String(picked.label) } : null);
        setTerm('');
        onChange?.(code);
      }}
    />
  );
}
