import { Input } from 'antd';

export type Period = { from: string; to: string };

/** A period as two date fields (local dates, `YYYY-MM-DD`), the end never before the start: the reports' filter. */
export function PeriodFields({ value, onChange, fromLabel, toLabel }: { value: Period; onChange: (next: Period) => void; fromLabel: string; toLabel: string }) {
  return (
    <>
      <label>
        {fromLabel}
        <Input type="date" value={value.from} max={value.to} onChange={(e) => e.target.value && onChange({ ...value, from: e.target.value })} style={{ display: 'block' }} />
      </label>
      <label>
        {toLabel}
        <Input type="date" value={value.to} min={value.from} onChange={(e) => e.target.value && onChange({ ...value, to: e.target.value })} style={{ display: 'block' }} />
      </label>
    </>
  );
}
