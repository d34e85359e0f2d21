import { Input } from 'antd';
import type { CSSProperties } from 'react';

/** An ISO instant as the browser's `datetime-local` value in the reader's own time zone ("2026-12-20T06:00"). */
export function localMoment(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export interface MomentInputProps {
  id?: string;
  /** An ISO 8601 instant (what the API takes), or null for none. */
  value?: string | null;
  onChange?: (iso: string | null) => void;
  disabled?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  status?: 'error';
}

/**
 * A date and time typed in the reader's own time zone with the browser's own picker (small and
 * accessible, as the control centre's dates), held as an ISO instant in UTC.
 */
export function MomentInput({ value, onChange, style, ...rest }: MomentInputProps) {
  return (
    <Input
      {...rest}
      type="datetime-local"
      value={value ? localMoment(value) : ''}
      onChange={(e) => onChange?.(e.target.value ? new Date(e.target.value).toISOString() : null)}
      style={{ width: '100%', ...style }}
    />
  );
}
