import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useMemo } from 'react';
import type { PipelineReport, PipelineReportQuery } from '@/contract';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { UserText } from '@/components/ui/user-text';
import { pipelineReportQuery } from '@/data/reports';
import { count, money } from '@/lib/format';
import { formatDuration } from '../report-search';
import { ReportTable } from './report-table';
import { SinceLine, Stat } from './report-parts';

// The pipeline report: stage by stage (reached, share from the stage before, time spent), won and
// lost by the stages' flags with value per week, and the open leads expected to close by month.

const BarChart = lazy(() => import('./bar-chart'));

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)} %`);
/** An amount in its currency; without one, the plain number (never a guessed currency). */
const amount = (value: number, currency: string | null) => (currency ? money(value, currency) : count(value));
const OUTCOME: Record<PipelineReport['stages'][number]['outcome'], string> = {
  open: 'Open',
  won: 'Won',
  lost: 'Lost',
};

export function PipelineReportView({ query }: { query: PipelineReportQuery }) {
  const report = useQuery(pipelineReportQuery(query));
  const data = report.data;
  const range = `${query.from}_${query.to}`;
  const weeks = useMemo(() => [...new Set(data?.weekly.map((w) => w.week) ?? [])], [data]);
  const series = useMemo(() => {
    const count = (week: string, key: 'wonDeals' | 'lostDeals') =>
      (data?.weekly ?? []).filter((w) => w.week === week).reduce((n, w) => n + w[key], 0);
    return [
      { label: 'Won deals', values: weeks.map((w) => count(w, 'wonDeals')), color: '#059669' },
      { label: 'Lost deals', values: weeks.map((w) => count(w, 'lostDeals')), color: '#dc2626' },
    ];
  }, [data, weeks]);

  if (report.isError)
    return (
      <ErrorState
        title="The report could not be loaded"
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    );
  if (!data) return <LoadingState label="Loading the report…" />;
  return (
    <div className="flex max-w-5xl flex-col gap-6 p-6" aria-busy={report.isFetching}>
      <SinceLine since={data.since} view="pipeline" />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
        <Stat label="Won" value={String(data.won)} detail="leads moved to a won stage" />
        <Stat label="Lost" value={String(data.lost)} detail="leads moved to a lost stage" />
        <Stat label="Win rate" value={percent(data.winRate)} detail="won of won and lost" />
      </div>
      <ReportTable
        caption="Stage by stage"
        file={`stages_${range}`}
        rows={data.stages}
        empty="No stages."
        columns={[
          { header: 'Stage', cell: (r) => <UserText>{r.name}</UserText>, csv: (r) => r.name },
          { header: 'Kind', cell: (r) => OUTCOME[r.outcome], csv: (r) => r.outcome },
          { header: 'Leads that reached it', cell: (r) => r.reached, numeric: true },
          {
            header: 'From the stage before',
            cell: (r) => percent(r.conversion),
            csv: (r) => r.conversion,
            numeric: true,
          },
          { header: 'Left it', cell: (r) => r.left, numeric: true },
          {
            header: 'Time in stage, median',
            cell: (r) => formatDuration(r.medianStay),
            csv: (r) => r.medianStay,
            numeric: true,
          },
          {
            header: 'Time in stage, p90',
            cell: (r) => formatDuration(r.p90Stay),
            csv: (r) => r.p90Stay,
            numeric: true,
          },
        ]}
      />
      <section aria-label="Won and lost by week chart" className="rounded-lg border border-border p-4">
        <h2 className="mb-2 text-sm font-semibold">Won and lost by week</h2>
        {weeks.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">Nothing won or lost in this range.</p>
        ) : (
          <Suspense fallback={<div className="h-[220px]" />}>
            <BarChart days={weeks} series={series} />
          </Suspense>
        )}
      </section>
      <ReportTable
        caption="Won and lost by week"
        file={`won-lost-by-week_${range}`}
        rows={data.weekly}
        empty="Nothing won or lost in this range."
        columns={[
          { header: 'Week of', cell: (r) => r.week },
          { header: 'Currency', cell: (r) => r.currency ?? '—', csv: (r) => r.currency },
          { header: 'Won deals', cell: (r) => r.wonDeals, numeric: true },
          {
            header: 'Won value',
            cell: (r) => amount(r.wonValue, r.currency),
            csv: (r) => r.wonValue,
            numeric: true,
          },
          { header: 'Lost deals', cell: (r) => r.lostDeals, numeric: true },
          {
            header: 'Lost value',
            cell: (r) => amount(r.lostValue, r.currency),
            csv: (r) => r.lostValue,
            numeric: true,
          },
        ]}
      />
      <ReportTable
        caption="Open pipeline by expected close month"
        file="forecast"
        rows={data.forecast}
        empty="No open leads."
        columns={[
          { header: 'Month', cell: (r) => r.month ?? 'No date', csv: (r) => r.month },
          { header: 'Currency', cell: (r) => r.currency ?? '—', csv: (r) => r.currency },
          { header: 'Deals', cell: (r) => r.deals, numeric: true },
          { header: 'Value', cell: (r) => amount(r.value, r.currency), csv: (r) => r.value, numeric: true },
          {
            header: 'Weighted by probability',
            cell: (r) => amount(r.weighted, r.currency),
            csv: (r) => r.weighted,
            numeric: true,
          },
        ]}
      />
    </div>
  );
}
