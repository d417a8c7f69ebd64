import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { InboxReport } from '@/contract';

// Messages per day as bars (uPlot: small and fast; this file loads only on the reports screen).
// The table beside it is the accessible view of the same numbers, so the chart is hidden from
// screen readers.

export default function DayChart({ days }: { days: InboxReport['byDay'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || days.length === 0) return;
    const bars = uPlot.paths.bars!({ size: [0.35, 40], align: 0 });
    const plot = new uPlot(
      {
        width: Math.max(320, el.clientWidth),
        height: 220,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        series: [
          {},
          { label: 'From contacts', stroke: '#2563eb', fill: 'rgba(37, 99, 235, 0.35)', paths: bars },
          { label: 'Replies', stroke: '#059669', fill: 'rgba(5, 150, 105, 0.35)', paths: bars },
        ],
      },
      [
        days.map((d) => Date.parse(`${d.day}T12:00:00.000Z`) / 1000),
        days.map((d) => d.inbound),
        days.map((d) => d.outbound),
      ],
      el,
    );
    return () => plot.destroy();
  }, [days]);
  return <div ref={box} aria-hidden data-testid="day-chart" className="w-full overflow-hidden" />;
}
