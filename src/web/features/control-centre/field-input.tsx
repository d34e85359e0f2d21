import { useMemo, useState } from 'react';
import { Input, InputNumber, Select, Spin, Switch } from 'antd';
import type { ResourceField } from '#shared/resources/descriptor.ts';
import { LocationPicker } from '../../components/location-picker.tsx';
import { countryOptions } from '../../lib/countries.ts';
import { useCcTranslation } from './cc-texts.ts';
import { currencyOptions } from './currencies.ts';
import { PermissionMatrix } from './permission-matrix.tsx';
import { useReferenceOptions } from './reference-lookup.ts';
import { useDebounced } from './use-debounced.ts';

/** What antd's Form.Item hands its control. */
interface ControlProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  'aria-invalid'?: boolean;
  status?: 'error';
}

/** A select of the records a reference field may point to, searched on the server. */
export function ReferenceSelect({
  reference,
  allowClear,
  placeholder,
  ...props
}: ControlProps & { reference: string; allowClear?: boolean; placeholder?: string }) {
  const { t } = useCcTranslation();
  const [term, setTerm] = useState('');
  const q = useDebounced(term.trim());
  const base = useReferenceOptions(reference);
  const found = useReferenceOptions(reference, q, q !== '');
  const value = typeof props.value === 'string' ? props.value : undefined;
  const options = useMemo(() => {
    const list = q ? (found.data ?? []) : (base.data ?? []);
    if (value && !list.some((o) => o.value === value)) {
      const known = base.data?.find((o) => o.value === value);
      return [{ value, label: known?.label ?? '…' }, ...list];
    }
    return list;
  }, [q, found.data, base.data, value]);
  return (
    <Select
      id={props.id}
      aria-invalid={props['aria-invalid']}
      status={props.status}
      value={value}
      onChange={(v) => {
        setTerm('');
        props.onChange?.(v ?? null);
      }}
      allowClear={allowClear}
      placeholder={placeholder ?? t('control_centre.choose')}
      showSearch={{ filterOption: false, onSearch: setTerm, searchValue: term }}
      options={options}
      loading={base.isPending}
      notFoundContent={found.isFetching || base.isPending ? <Spin size="small" /> : t('control_centre.no_options')}
    />
  );
}

/** The form control of a descriptor field, by its kind. */
export function FieldInput({
  field,
  clearable,
  country,
  ...props
}: ControlProps & { field: ResourceField; clearable: boolean; country?: string }) {
  const { t, i18n } = useCcTranslation();
  const language = i18n.language;
  const countries = useMemo(() => countryOptions(language), [language]);
  const currencies = useMemo(() => currencyOptions(language), [language]);
  const common = { id: props.id, 'aria-invalid': props['aria-invalid'], status: props.status };
  const text = typeof props.value === 'string' ? props.value : props.value == null ? '' : String(props.value);
  const onText = (e: { target: { value: string } }) => props.onChange?.(e.target.value);

  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea {...common} value={text} onChange={onText} autoSize={{ minRows: 3, maxRows: 8 }} />;
    case 'number':
    case 'money':
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
          showSearch={{ optionFilterProp: 'label' }}
          options={field.kind === 'country' ? countries : currencies}
        />
      );
    case 'reference':
      return <ReferenceSelect {...props} reference={field.reference ?? ''} allowClear={clearable} />;
    case 'location':
      return (
        <LocationPicker
          id={props.id}
          aria-invalid={props['aria-invalid']}
          status={props.status}
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
