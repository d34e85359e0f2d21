import 'uplot/dist/uPlot.min.css';
import './analytics.css';
import { Button } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import uPlot from 'uplot';
import { useThemeStore } from '../../lib/theme-store.ts';
import { useAnalyticsTranslation } from './analytics-texts.ts';

export type ChartSeries = { label: string; values: number[]; format: (v: number) => string; colour: string };

/** Series colours that keep 3:1 against both schemes' card backgrounds. */
export const CHART_COLOURS = { revenue: '#4788B6', cost: '#D4822A', profit: '#3D9A5B', volume: '#8E6CC4', co2e: '#6B8E23' };

/**
 * A line chart over the page's buckets (uPlot, loaded only with the analytics pages), with what
 * people without a mouse need: the chart takes keyboard focus and the arrow keys walk its points,
 * each read out; a table view shows the same figures; the colours follow the dark scheme.
 */
export function TimeChart({ title, labels, series }: { title: string; labels: string[]; series: ChartSeries[] }) {
  const { t } = useAnalyticsTranslation();
  const dark = useThemeStore((s) => s.mode === 'dark');
  const [table, setTable] = useState(false);
  const [point, setPoint] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    if (table || !box.current) return;
    const el = box.current;
    const ink = dark ? 'rgba(255,255,255,0.75)' : 'rgba(0,0,0,0.7)';
    const grid = dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.08)';
    const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const u = new uPlot({
      width: Math.max(280, el.clientWidth), height: 240,
      scales: { x: { time: false } },
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      series: [{ label: '' }, ...series.map((s) => ({ label: s.label, stroke: s.colour, width: 2, points: { show: labels.length < 40 }, value: (_: uPlot, v: number | null) => (v === null ? '' : s.format(v)) }))],
      axes: [
        { ...axis, values: (_: uPlot, splits: number[]) => splits.map((v) => (Number.isInteger(v) ? labels[v] ?? '' : '')) },
        { ...axis, size: 70, values: (_: uPlot, splits: number[]) => splits.map((v) => series[0]?.format(v) ?? String(v)) },
      ],
    }, [labels.map((_, i) => i), ...series.map((s) => s.values)], el);
    plot.current = u;
    const resize = new ResizeObserver(() => u.setSize({ width: Math.max(280, el.clientWidth), height: 240 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [table, dark, labels, series]);

  const onKey = (e: KeyboardEvent) => {
    if (!labels.length || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? labels.length - 1 : Math.min(labels.length - 1, Math.max(0, (point ?? -1) + (e.key === 'ArrowRight' ? 1 : -1)));
    setPoint(next);
    const u = plot.current;
    if (u) u.setCursor({ left: u.valToPos(next, 'x'), top: u.valToPos(series[0]?.values[next] ?? 0, 'y') });
  };
  const said = point === null ? '' : `${labels[point]}: ${series.map((s) => `${s.label} ${s.format(s.values[point] ?? 0)}`).join(', ')}`;

  return (
    <figure className="fyn-chart">
      <figcaption className="fyn-chart-head">
        <span>{title}</span>
        <Button size="small" onClick={() => setTable((v) => !v)} aria-pressed={table}>{table ? t('chart.show_chart') : t('chart.show_table')}</Button>
      </figcaption>
      {table ? (
        <div className="fyn-table-wrap">
          <table className="fyn-chart-table">
            <caption className="fyn-visually-hidden">{title}</caption>
            <thead><tr><th scope="col">{t('chart.bucket')}</th>{series.map((s) => <th key={s.label} scope="col">{s.label}</th>)}</tr></thead>
            <tbody>{labels.map((l, i) => <tr key={l}><th scope="row">{l}</th>{series.map((s) => <td key={s.label}>{s.format(s.values[i] ?? 0)}</td>)}</tr>)}</tbody>
          </table>
        </div>
      ) : (
        <>
          <div ref={box} className="fyn-chart-plot" role="img" tabIndex={0} aria-label={`${title}. ${t('chart.keys')}`} onKeyDown={onKey} />
          <p className="fyn-visually-hidden" aria-live="polite">{said}</p>
        </>
      )}
    </figure>
  );
}
