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
    const bars = uPlot.paths.bars!({ size: [0.7 / Math.max(1, series.length), 40], align: 0 });
    const plot = new uPlot(
      {
        width: Math.max(320, el.clientWidth),
        height: 220,
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        series: [
          {},
          ...series.map((s) => ({ label: s.label, stroke: s.color, fill: `${s.color}59`, paths: bars })),
        ],
      },
      [days.map((d) => Date.parse(`${d}T12:00:00.000Z`) / 1000), ...series.map((s) => [...s.values])],
      el,
    );
    return () => plot.destroy();
  }, [days, series]);
  return <div ref={box} aria-hidden data-testid="bar-chart" className="w-full overflow-hidden" />;
}
