import { useMemo, useRef, useState, type ReactElement } from 'react';
import { AutoComplete, Form, Input, Select, Spin, type FormInstance } from 'antd';
import type { z } from 'zod';
import type { ResourceField } from '#shared/resources/descriptor.ts';
import type { RESOURCES } from '#shared/resources/registry.ts';
import type { ResourceSchemas } from '#shared/resources/schemas.ts';
import { LocationPicker } from '../../components/location-picker.tsx';
import { countryName, countryOptions } from '../../lib/countries.ts';
import { useBuilderCountries, useSubdivisions, useTowns, type Town } from './address-builder.ts';
import { useCcTranslation } from './cc-texts.ts';
import { controlAttrs, type ControlProps } from './reference-select.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { labelSearch } from '../../lib/label-search.ts';
import type { FormValues } from './wire-values.ts';

/** Which builder list a field of a resource form draws on. */
export type BuilderKind = 'country' | 'subdivision' | 'county' | 'town' | 'location';

type Registered = (typeof RESOURCES)[number];
/** Per registered resource, its own create fields only: a misspelt resource or field fails the type check. */
type BuilderFieldMap = { readonly [R in Registered as R['name']]?: { readonly [F in keyof z.input<ResourceSchemas[R['name']]>]?: BuilderKind } };

/** The fields of each resource that get builder inputs (by descriptor name, then field name). */
const ADDRESS_BUILDER = { country: 'country', subdivision: 'subdivision', county: 'county', town: 'town', location_code: 'location' } as const;
export const BUILDER_FIELDS: BuilderFieldMap = { addresses: ADDRESS_BUILDER, 'native-addresses': ADDRESS_BUILDER };

const builderFieldsOf = (resource: string) => (BUILDER_FIELDS as Readonly<Record<string, Readonly<Record<string, BuilderKind>> | undefined>>)[resource];

export function builderKindOf(resource: string, field: string): BuilderKind | undefined {
  return builderFieldsOf(resource)?.[field];
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
const codeOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const subdivisionLabel = (s: { code: string; name: string }) => `${s.name} (${s.code})`;

/** The countries that have UN/LOCODE places, named in the interface language (all countries until they load). */
export function BuilderCountrySelect({ allowClear, ...props }: ControlProps & { allowClear?: boolean }) {
  const { t, i18n } = useCcTranslation();
  const language = i18n.language;
  const countries = useBuilderCountries();
  const value = codeOf(props.value);
  const options = useMemo(() => {
    if (!countries.data || countries.data.length === 0) return countryOptions(language);
    const collator = new Intl.Collator(language);
    const list = countries.data.map((c) => ({ value: c.code, label: countryName(c.code, language) }));
    if (value && !list.some((o) => o.value === value)) list.push({ value, label: countryName(value, language) });
    return list.sort((a, b) => collator.compare(a.label, b.label));
  }, [countries.data, language, value]);
  return (
    <Select
      {...controlAttrs(props)}
      value={value}
      onChange={(v) => props.onChange?.(v ?? null)}
      allowClear={allowClear}
      placeholder={t('control_centre.choose')}
      showSearch={labelSearch}
      options={options}
      loading={countries.isPending}
    />
  );
}

/**
 * The ISO 3166-2 subdivision of the chosen country, searched by name or code ("Suffolk (SFK)");
 * stores the code. A country without listed subdivisions gets a plain code input.
 */
export function SubdivisionSelect({ country, allowClear, ...props }: ControlProps & { country?: string; allowClear?: boolean }) {
  const { t } = useCcTranslation();
  const subdivisions = useSubdivisions(country);
  const value = codeOf(props.value);
  const options = useMemo(() => {
    const list = (subdivisions.data ?? []).map((s) => ({ value: s.code, label: subdivisionLabel(s) }));
    if (value && !list.some((o) => o.value === value)) list.unshift({ value, label: value });
    return list;
  }, [subdivisions.data, value]);
  const common = controlAttrs(props);

  if (country && (subdivisions.isError || subdivisions.data?.length === 0)) {
    return (
      <Input
        {...common}
        value={textOf(props.value)}
        onChange={(e) => props.onChange?.(e.target.value.toUpperCase())}
        maxLength={3}
        placeholder={t('address_builder.no_subdivisions')}
        style={{ maxWidth: 320 }}
      />
    );
  }
  return (
    <Select
      {...common}
      value={value}
      onChange={(v) => props.onChange?.(v ?? null)}
      allowClear={allowClear}
      placeholder={country ? t('address_builder.search_subdivision') : t('address_builder.choose_country_first')}
      showSearch={labelSearch}
      options={options}
      loading={Boolean(country) && subdivisions.isPending}
      notFoundContent={
        !country ? t('address_builder.choose_country_first') : subdivisions.isPending ? <Spin size="small" /> : t('control_centre.no_options')
      }
    />
  );
}

/** Free text, with the names of the chosen country's subdivisions as suggestions. */
export function CountyInput({ country, ...props }: ControlProps & { country?: string }) {
  const { t } = useCcTranslation();
  const subdivisions = useSubdivisions(country);
  const text = textOf(props.value);
  const options = useMemo(() => {
    const needle = text.trim().toLocaleLowerCase();
    const names = [...new Set((subdivisions.data ?? []).map((s) => s.name))];
    return names.filter((n) => n.toLocaleLowerCase().includes(needle)).map((n) => ({ value: n, label: n }));
  }, [subdivisions.data, text]);
  return (
    <AutoComplete
      {...controlAttrs(props)}
      value={text}
      onChange={(v: string) => props.onChange?.(v)}
      options={options}
      showSearch={{ filterOption: false }}
      placeholder={country ? t('address_builder.county_placeholder') : undefined}
    />
  );
}

/** Option values of the town list: "town:GBFXT", so that a pick is told apart from typed text. */
const TOWN_PREFIX = 'town:';

/**
 * Free text, with the UN/LOCODE towns of the chosen country (and subdivision) whose name starts
 * with what is typed. Picking one stores its name and hands the town to `onPick`.
 */
export function TownInput({
  country,
  subdivision,
  onPick,
  ...props
}: ControlProps & { country?: string; subdivision?: string; onPick: (town: Town) => void }) {
  const { t } = useCcTranslation();
  const text = textOf(props.value);
  const q = useDebounced(text.trim());
  const towns = useTowns(country, subdivision, q);
  const subdivisions = useSubdivisions(country);
  const byValue = useMemo(() => new Map((towns.data ?? []).map((town) => [TOWN_PREFIX + town.code, town])), [towns.data]);
  const options = useMemo(() => {
    const names = new Map((subdivisions.data ?? []).map((s) => [s.code, s.name]));
    return (towns.data ?? []).map((town) => {
      const region = town.subdivision ? (names.get(town.subdivision) ?? town.subdivision) : null;
      return {
        value: TOWN_PREFIX + town.code,
        label: (
          <span>
            {town.name}
            <span style={{ opacity: 0.65 }}>
              {region ? ` · ${region}` : ''} · {town.code}
            </span>
          </span>
        ),
      };
    });
  }, [towns.data, subdivisions.data]);
  return (
    <AutoComplete
      {...controlAttrs(props)}
      value={text}
      onChange={(v: string) => {
        const town = byValue.get(v);
        if (!town) return props.onChange?.(v);
        props.onChange?.(town.name);
        onPick(town);
      }}
      options={options}
      showSearch={{ filterOption: false }}
      placeholder={country ? t('address_builder.town_placeholder') : t('address_builder.town_placeholder_any')}
      notFoundContent={q !== '' && towns.isFetching ? <Spin size="small" /> : undefined}
    />
  );
}

/** The UN/LOCODE picker, within the chosen country; shows the name of a place filled in from a town. */
function BuilderLocation({ country, filled, ...props }: ControlProps & { country?: string; filled: { code: string; name: string } | null }) {
  return (
    <LocationPicker
      // A place filled in from a town starts the picker again, so that it shows the place's name.
      key={filled?.code ?? ''}
      {...controlAttrs(props)}
      value={codeOf(props.value) ?? null}
      onChange={(code) => props.onChange?.(code ?? null)}
      country={country}
      initial={filled}
    />
  );
}

export interface AddressBuilder {
  /** The builder control of a field, or null for the generic one. */
  render: (field: ResourceField, clearable: boolean) => ReactElement | null;
  /** A help line under a field, if any. */
  extra: (field: ResourceField) => string | undefined;
  /** For the form's `onValuesChange`: a new country clears the subdivision. */
  onValuesChange: (changed: FormValues) => void;
}

/**
 * The builder inputs of a resource form, when its descriptor has builder fields
 * (see BUILDER_FIELDS); null otherwise.
 */
export function useAddressBuilder(resource: string, form: FormInstance<FormValues>): AddressBuilder | null {
  const { t } = useCcTranslation();
  const fields = builderFieldsOf(resource);
  const country = codeOf(Form.useWatch('country', form));
  const subdivision = codeOf(Form.useWatch('subdivision', form));
  // The place last filled in from a town (shown by name), and whether the UN/LOCODE is still that one.
  const [filled, setFilled] = useState<{ code: string; name: string } | null>(null);
  const auto = useRef<string | null>(null);
  const nameOf = (kind: BuilderKind) => Object.keys(fields ?? {}).find((name) => fields?.[name] === kind);

  if (!fields) return null;
  const locationField = nameOf('location');
  const subdivisionField = nameOf('subdivision');

  const pick = (town: Town) => {
    if (locationField) {
      const current = codeOf(form.getFieldValue(locationField));
      if (!current || current === auto.current) {
        form.setFieldsValue({ [locationField]: town.code });
        auto.current = town.code;
        setFilled({ code: town.code, name: town.name });
        void form.validateFields([locationField]).catch(() => undefined);
      }
    }
    if (subdivisionField && town.subdivision && !codeOf(form.getFieldValue(subdivisionField))) {
      form.setFieldsValue({ [subdivisionField]: town.subdivision });
    }
  };

  return {
    render: (field, clearable) => {
      switch (fields[field.name]) {
        case 'country':
          return <BuilderCountrySelect allowClear={clearable} />;
        case 'subdivision':
          return <SubdivisionSelect country={country} allowClear={clearable} />;
        case 'county':
          return <CountyInput country={country} />;
        case 'town':
          return <TownInput country={country} subdivision={subdivision} onPick={pick} />;
        case 'location':
          return <BuilderLocation country={country} filled={filled} />;
        default:
          return null;
      }
    },
    extra: (field) => (fields[field.name] === 'town' ? t('address_builder.town_hint') : undefined),
    onValuesChange: (changed) => {
      const countryField = nameOf('country');
      if (locationField && locationField in changed) auto.current = null;
      if (!countryField || !(countryField in changed)) return;
      if (subdivisionField && form.getFieldValue(subdivisionField) != null) form.setFieldsValue({ [subdivisionField]: null });
      if (locationField && auto.current && form.getFieldValue(locationField) === auto.current) {
        form.setFieldsValue({ [locationField]: null });
        auto.current = null;
      }
    },
  };
}
