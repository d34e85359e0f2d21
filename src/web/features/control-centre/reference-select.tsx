import { useMemo, useState } from 'react';
import { Select, Spin } from 'antd';
import { useCcTranslation } from './cc-texts.ts';
import { useReferenceOptions } from './reference-lookup.ts';
import { useDebounced } from '../../lib/use-debounced.ts';

/** What antd's Form.Item hands its control. */
export interface ControlProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  'aria-invalid'?: boolean;
  /** The control's name where no label names it (a list's filter). */
  'aria-label'?: string;
  status?: 'error';
}

/** The attributes a control passes on as they came: its id (the label's target) and its error state. */
export const controlAttrs = (props: ControlProps) => ({ id: props.id, 'aria-invalid': props['aria-invalid'], 'aria-label': props['aria-label'], status: props.status });

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
      {...controlAttrs(props)}
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
