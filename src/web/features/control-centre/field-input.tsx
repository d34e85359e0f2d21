import { useMemo } from 'react';
import { Input, InputNumber, Select, Switch } from 'antd';
import type { ResourceField } from '#shared/resources/descriptor.ts';
import { LocationPicker } from '../../components/location-picker.tsx';
import { MoneyInput } from '../../components/money-input.tsx';
import { countryOptions } from '../../lib/countries.ts';
import { labelSearch } from '../../lib/label-search.ts';
import { useCcTranslation } from './cc-texts.ts';
import { currencyOptions } from './currencies.ts';
import { PermissionMatrix } from './permission-matrix.tsx';
import { controlAttrs, ReferenceSelect, type ControlProps } from './reference-select.tsx';

/** The form control of a descriptor field, by its kind. */
export function FieldInput({
  field,
  clearable,
  country,
  currency,
  ...props
}: ControlProps & { field: ResourceField; clearable: boolean; country?: string; currency?: string }) {
  const { t, i18n } = useCcTranslation();
  const language = i18n.language;
  const countries = useMemo(() => countryOptions(language), [language]);
  const currencies = useMemo(() => currencyOptions(language), [language]);
  const common = controlAttrs(props);
  const text = typeof props.value === 'string' ? props.value : props.value == null ? '' : String(props.value);
  const onText = (e: { target: { value: string } }) => props.onChange?.(e.target.value);

  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea {...common} value={text} onChange={onText} autoSize={{ minRows: 3, maxRows: 8 }} />;
    case 'money':
      // Typed in major units with the currency's ISO digits, held in minor units (what the API takes).
      return <MoneyInput {...common} value={typeof props.value === 'number' ? props.value : null} onChange={(v) => props.onChange?.(v)} currency={currency} showCurrency />;
    case 'number':
      return (
        <InputNumber
          {...common}
          value={typeof props.value === 'number' ? props.value : null}
          onChange={(v) => props.onChange?.(v)}
          style={{ width: '100%' }}
        />
      );
    case 'decimal':
      // A rate or percentage: antd keeps the typed digits as a string (stringMode), never a float.
      return (
        <InputNumber<string>
          {...common}
          stringMode
          inputMode="decimal"
          value={text === '' ? null : text}
          onChange={(v) => props.onChange?.(v ?? null)}
          style={{ width: '100%' }}
        />
      );
    case 'boolean':
      return <Switch id={props.id} checked={Boolean(props.value)} onChange={(v) => props.onChange?.(v)} />;
    case 'date':
      // The browser's own date picker: small, accessible, and already "2026-11-21" on the wire.
      return <Input {...common} type="date" value={text} onChange={onText} style={{ maxWidth: 220 }} />;
    case 'enum':
      return (
        <Select
          {...common}
          value={props.value ?? undefined}
          onChange={(v) => props.onChange?.(v ?? null)}
          allowClear={clearable}
          placeholder={t('control_centre.choose')}
          options={(field.options ?? []).map((o) => ({ value: o, label: t(`${field.labelKey}_options.${o}`) }))}
        />
      );
    case 'email':
      return <Input {...common} type="email" inputMode="email" autoComplete="off" value={text} onChange={onText} />;
    case 'url':
      return <Input {...common} type="url" inputMode="url" placeholder="https://" value={text} onChange={onText} />;
    case 'country':
    case 'currency':
      return (
        <Select
          {...common}
          value={props.value ?? undefined}
          onChange={(v) => props.onChange?.(v ?? null)}
          allowClear={clearable}
          placeholder={t('control_centre.choose')}
          showSearch={labelSearch}
          options={field.kind === 'country' ? countries : currencies}
        />
      );
    case 'reference':
      return <ReferenceSelect {...props} reference={field.reference ?? ''} allowClear={clearable} />;
    case 'location':
      return (
        <LocationPicker
          {...controlAttrs(props)}
          value={typeof props.value === 'string' ? props.value : null}
          onChange={(code) => props.onChange?.(code ?? null)}
          country={country}
        />
      );
    case 'permissions':
      return (
        <PermissionMatrix
          id={props.id}
          value={Array.isArray(props.value) ? (props.value as string[]) : []}
          onChange={(v) => props.onChange?.(v)}
        />
      );
    default:
      return <Input {...common} value={text} onChange={onText} />;
  }
}
