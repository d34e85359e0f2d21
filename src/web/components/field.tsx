import type { ReactElement, ReactNode } from 'react';

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** The message to show under the control (already translated), if any. */
  error?: string | null;
  /** The control; receives the id, `aria-invalid` and `aria-describedby` through the render prop. */
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; status?: 'error' }) => ReactElement;
}

/** A labelled form control with its error message, for forms that go without antd's Form. */
export function Field({ id, label, error, children }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="fyn-field">
      <label htmlFor={id} className="fyn-field-label">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(error ? { 'aria-describedby': errorId, status: 'error' as const } : {}),
      })}
      <div id={errorId} className="fyn-field-error" aria-live="polite">
        {error}
      </div>
    </div>
  );
}
