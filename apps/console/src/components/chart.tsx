import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { useTheme } from '../lib/theme';

// Charts of the dashboard and reports, drawn by uPlot (apps/console/README.md "Charts"): a small,
// dependency-free, maintained canvas library. The canvas is an image to a screen reader, so the same
// numbers are also in a visually hidden table.

export type ChartSeries = { label: string; values: (number | null)[] };

const PALETTE = ['--chart-1', '--chart-2', '--chart-3', '--chart-4', '--chart-5'];

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

export function Chart({
  title,
  labels,
  series,
  kind = 'line',
  height = 260,
  format = (v) => v.toLocaleString('en'),
}: {
  title: string;
  /** One label per point on the x axis (a day, a vendor). */
  labels: string[];
  series: ChartSeries[];
  kind?: 'line' | 'bar';
  height?: number;
  format?: (value: number) => string;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `theme` redraws with the other theme's colours
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const text = cssVar('--text-muted');
    const grid = cssVar('--border');
    const bars =
      kind === 'bar' ? uPlot.paths.bars?.({ size: [0.7 / Math.max(1, series.length), 60], align: 0 }) : undefined;
    const options: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height,
      scales: { x: { time: false } },
      // A key of the series, not uPlot's live readout ("Value: Deposits: ..." with empty values
      // until the cursor is on a point); the numbers are in the table below.
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      axes: [
        {
          stroke: text,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? '') : '')),
        },
        {
          stroke: text,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          values: (_u, splits) => splits.map(format),
          size: 70,
        },
      ],
      series: [
        { label: '', value: (_u, i) => (i === null ? '' : (labels[i] ?? '')) },
        ...series.map((s, n) => {
          const colour = cssVar(PALETTE[n % PALETTE.length] ?? '--accent');
          return {
            label: s.label,
            stroke: colour,
            width: 2,
            fill: kind === 'bar' ? colour : undefined,
            paths: bars,
            points: { show: kind === 'line' && labels.length <= 40 },
            value: (_u: uPlot, v: number | null) => (v === null ? '' : format(v)),
          };
        }),
      ],
    };
    const data: uPlot.AlignedData = [labels.map((_, i) => i), ...series.map((s) => s.values)];
    const plot = new uPlot(options, data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, series, kind, height, format, theme]);

  return (
    <figure className="m-0">
      <figcaption className="mb-2 text-sm font-semibold">{title}</figcaption>
      <div ref={box} role="img" aria-label={title} className="uplot-box w-full" />
      {/* A table does not shrink to sr-only's 1px (its width is at least its content's), so the
          clipping box is a wrapper: the table takes no width of the page. */}
      <div className="sr-only">
        <table>
          <caption>{t('chart.table')}</caption>
          <thead>
            <tr>
              <th scope="col">{title}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.values[i] === null || s.values[i] === undefined ? '' : format(s.values[i])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
