import { exactTime } from '@/lib/format';

/** A headline figure. */
export function Stat({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-lg border border-border px-4 py-3">
      <p className="text-xs text-subtle">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      <p className="text-xs text-muted">{detail}</p>
    </div>
  );
}

/** From when the BFF has recorded the history a report counts. */
export function SinceLine({ since }: { since: string | null }) {
  return (
    <p className="text-[13px] text-muted">
      {since
        ? `History is recorded from ${exactTime(since)}; nothing before it is counted.`
        : 'No history recorded yet.'}
    </p>
  );
}
