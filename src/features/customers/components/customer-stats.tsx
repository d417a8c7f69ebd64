import { useSuspenseQuery } from '@tanstack/react-query';
import { QueryBoundary } from '@/components/query-boundary';
import { customerStatsQuery } from '@/data/customers';
import { statusBars, typeBars, type Bar } from '../stats-bars';
import { Skeleton, errorText } from '@/components/ui/states';
import { count } from '@/lib/format';

const BAR_COLORS: Record<string, string> = {
  active: 'bg-success',
  inactive: 'bg-subtle',
  prospect: 'bg-accent',
  archived: 'bg-warning',
  individual: 'bg-accent',
  business: 'bg-fg/60',
};

function BarList({ title, bars }: { title: string; bars: Bar[] }) {
  return (
    <figure className="min-w-0 flex-1">
      <figcaption className="mb-2 text-xs font-medium uppercase tracking-wide text-subtle">
        {title}
      </figcaption>
      <ul className="flex flex-col gap-1.5">
        {bars.map((bar) => (
          <li key={bar.key} className="grid grid-cols-[6rem_1fr_5.5rem] items-center gap-2 text-[13px]">
            <span className="text-muted">{bar.label}</span>
            <span aria-hidden className="h-2 overflow-hidden rounded-full bg-surface">
              <span
                className={`block h-full rounded-full ${BAR_COLORS[bar.key] ?? 'bg-accent'}`}
                style={{ width: `${(bar.length * 100).toFixed(1)}%` }}
              />
            </span>
            <span className="text-right tabular-nums">
              {count(bar.count)} <span className="text-subtle">({bar.percent}%)</span>
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** Counts by status and by type, drawn as plain bars; the numbers are text, so they are read out. */
export function CustomerStats() {
  return (
    <section aria-labelledby="customer-stats-title" className="rounded-lg border border-border bg-raised p-4">
      <h2 id="customer-stats-title" className="sr-only">
        Customer statistics
      </h2>
      <QueryBoundary
        title="The statistics could not be loaded"
        pending={
          <div className="flex gap-6" aria-hidden>
            <Skeleton className="h-24 w-32" />
            <Skeleton className="h-24 flex-1" />
            <Skeleton className="h-24 flex-1" />
          </div>
        }
        failure={(error) => (
          <p role="alert" className="text-muted">
            The statistics could not be loaded. {errorText(error)}
          </p>
        )}
      >
        <StatsBars />
      </QueryBoundary>
    </section>
  );
}

function StatsBars() {
  const { data: stats } = useSuspenseQuery(customerStatsQuery());
  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <div className="shrink-0 md:w-32">
        <p className="text-xs font-medium uppercase tracking-wide text-subtle">Total</p>
        <p className="text-3xl font-semibold tabular-nums">{count(stats.total)}</p>
        <p className="text-muted">customers</p>
      </div>
      <BarList title="By status" bars={statusBars(stats)} />
      <BarList title="By type" bars={typeBars(stats)} />
    </div>
  );
}
