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

/**
 * From when the BFF has recorded the history a report counts. Closes and stage moves exist only
 * from then on, but the messages read then keep their own times (each thread's newest page), so the
 * inbox's daily counts may reach before it: the line says which is which, not "nothing before it".
 */
export function SinceLine({ since, view }: { since: string | null; view: 'inbox' | 'pipeline' }) {
  const from = since ? exactTime(since) : null;
  return (
    <p className="text-[13px] text-muted">
      {from === null
        ? 'No history recorded yet.'
        : view === 'inbox'
          ? `Closed threads count from ${from}, when recording began. Messages count by the time they were sent, as far back as the history read then.`
          : `Stage moves count from ${from}, when recording began; moves before it are not known.`}
    </p>
  );
}
