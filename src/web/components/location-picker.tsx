import { useMemo, useState } from 'react';
import { Flex, Select, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { functionForMode, type LocationFunction } from '#shared/api/locations.ts';
import { locationLabel, searchLocations, type Location } from '../lib/locations.ts';
import { useDebounced } from '../lib/use-debounced.ts';

export const LOCATION_SEARCH_DELAY_MS = 300;

export interface LocationPickerProps {
  id?: string;
  /** The UN/LOCODE (antd Form passes it). */
  value?: string | null;
  onChange?: (code: string | undefined) => void;
  /** Only places of this country (ISO 3166 alpha-2). */
  country?: string;
  /**
   * The transport mode the place serves (a quote's `sea_fcl`, a leg's `air`, …): only ports (with
   * the trade codes carriers use for them), airports, road or rail terminals are offered.
   */
  mode?: string | null;
  /**
   * A mode whose places are listed first, without leaving the others out (a road or rail leg may
   * start at a port or a town that UN/LOCODE does not list as a road or rail terminal).
   */
  prefer?: string | null;
  /** How to show the current value before any search (the saved location). */
  initial?: { code: string; name: string } | null;
  'aria-invalid'?: boolean;
  'aria-label'?: string;
  status?: 'error';
}

/** What a place serves, in short labels: the search's function first. */
const SHOWN_FUNCTIONS: LocationFunction[] = ['port', 'airport', 'rail', 'road', 'multimodal', 'border'];

/**
 * A found place: its name and code (or `label`), what it serves, and UNECE's own record where
 * carriers name and use the code otherwise. Every picker of places shows it, with a mode or without
 * (profile, organisation addresses, tracking events, the weather's place search).
 */
export function LocationOption({ location, label }: { location: Location; label?: string }) {
  const { t } = useTranslation();
  const functions = SHOWN_FUNCTIONS.filter((f) => location.functions.includes(f));
  return (
    <Flex vertical>
      <Flex justify="space-between" align="center" gap={8}>
        <span style={{ whiteSpace: 'normal' }}>{label ?? locationLabel(location)}</span>
        <span style={{ flex: 'none' }}>
          {functions.map((f) => (
            <Tag key={f} style={{ marginInlineEnd: 2 }}>{t(`locations.functions.${f}`)}</Tag>
          ))}
        </span>
      </Flex>
      {location.unece && location.unece.name !== location.name && (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
          {t('locations.unece_record', {
            name: location.unece.name,
            functions: location.unece.functions.filter((f) => SHOWN_FUNCTIONS.includes(f)).map((f) => t(`locations.functions.${f}`)).join(', '),
          })}
          {location.unece.port && location.unece.port !== location.code && ` ${t('locations.unece_port', { code: location.unece.port })}`}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A UN/LOCODE place, searched by name or code within the chosen country and mode ("Felixstowe (GBFXT)"). */
export function LocationPicker({ id, value, onChange, country, mode, prefer, initial, status, ...aria }: LocationPickerProps) {
  const { t } = useTranslation();
  const fn = functionForMode(mode);
  const [term, setTerm] = useState('');
  // The label of the current value, which a new search may not list.
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(
    initial ? { value: initial.code, label: locationLabel(initial) } : null,
  );
  const query = useDebounced(term.trim(), LOCATION_SEARCH_DELAY_MS);
  const search = useQuery({
    queryKey: ['locations', 'search', country ?? '', fn ?? '', query],
    queryFn: ({ signal }) => searchLocations(query, country, fn, signal),
    enabled: query.length >= 2,
    staleTime: 5 * 60_000,
    retry: false,
  });

  const options = useMemo(() => {
    const first = functionForMode(prefer);
    const ranked = first ? [...(search.data ?? [])].sort((a, b) => Number(b.functions.includes(first)) - Number(a.functions.includes(first))) : (search.data ?? []);
    const found: { value: string; label: string; location?: Location }[] = ranked.map((l) => ({ value: l.code, label: locationLabel(l), location: l }));
    if (value && !found.some((o) => o.value === value)) {
      found.unshift({ value, label: chosen?.value === value ? chosen.label : value });
    }
    return found;
  }, [search.data, value, chosen, prefer]);

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
      // Wide enough for a name, what the place serves and UNECE's record of a trade code.
      popupMatchSelectWidth={380}
      optionRender={(option) => (option.data.location ? <LocationOption location={option.data.location} /> : option.label)}
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
