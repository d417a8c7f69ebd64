import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

// Bars over days or weeks (uPlot: small and fast; this file loads only on the reports screen).
// Every chart has a table of the same numbers beside it, the accessible view, so the chart itself
// is hidden from screen readers.

export interface BarSeries {
  readonly label: string;
  readonly values: readonly number[];
  readonly color: string;
}

const DAY_LABEL = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 20" for "2026-11-20": report days are calendar days, so they are read in UTC. */
export const dayLabel = (day: string): string => DAY_LABEL.format(new Date(`${day}T00:00:00.000Z`));

/** The x axis's label at index `i`: the day's date, nothing between days (uPlot may split there). */
export const axisLabel = (days: readonly string[], i: number): string => {
  const day = Number.isInteger(i) ? days[i] : undefined;
  return day === undefined ? '' : dayLabel(day);
};

export default function BarChart({
  days,
  series,
}: {
  days: readonly string[];
  series: readonly BarSeries[];
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || days.length === 0) return;
    // Two series stand side by side about the day (one ends at it, the other starts there) rather
    // than one over the other; any other count is centred.
    const barsAt = (i: number) =>
      uPlot.paths.bars!({
        size: [0.7 / Math.max(1, series.length), 40],
        align: series.length === 2 ? (i === 0 ? -1 : 1) : 0,
      });
    // The x axis counts days (or weeks) by their index, labelled with the date: a time scale would
    // tick hours ("12pm / 12am") on a short range. The legend names the series without values
    // (they show on the table beside it), instead of "--" until the pointer is over a bar.
    const label = (i: number) => axisLabel(days, i);
    const plot = new uPlot(
      {
        width: Math.max(320, el.clientWidth),
        height: 220,
        cursor: { drag: { x: false, y: false } },
        legend: { live: false },
        scales: { x: { time: false, range: [-0.5, days.length - 0.5] } },
        axes: [{ incrs: [1, 2, 7, 14, 28, 56], values: (_u, splits) => splits.map(label) }, {}],
        series: [
          { label: 'Day', value: (_u, i) => label(i) },
          ...series.map((s, i) => ({
            label: s.label,
            stroke: s.color,
            fill: `${s.color}59`,
            paths: barsAt(i),
          })),
        ],
      },
      [days.map((_d, i) => i), ...series.map((s) => [...s.values])],
      el,
    );
    return () => plot.destroy();
  }, [days, series]);
  return <div ref={box} aria-hidden data-testid="bar-chart" className="w-full overflow-hidden" />;
}
