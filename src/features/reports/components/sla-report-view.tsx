import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SLA_KIND_LABELS, metShare, type SlaReport, type SlaReportQuery } from '@/contract';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { slaReportQuery } from '@/data/sla';
import { exactTime } from '@/lib/format';
import { ReportTable } from './report-table';

// The SLA report (issue 39.3): of the targets that ended in the range, the share met, by channel,
// by agent (the thread's owner when it ended) and by week; then the threads whose target was
// breached, each a link to the thread.

type MetRow = SlaReport['byChannel'][number];

const share = (row: MetRow) => {
  const pct = metShare(row);
  return pct === null ? '—' : `${String(pct)}%`;
};

const metColumns = (header: string) =>
  [
    { header, cell: (r: MetRow) => r.label },
    { header: 'SLA met', cell: share, csv: (r: MetRow) => metShare(r), numeric: true },
    { header: 'Met', cell: (r: MetRow) => r.met, numeric: true },
    { header: 'Breached', cell: (r: MetRow) => r.breached, numeric: true },
  ] as const;

export function SlaReportView({ query }: { query: SlaReportQuery }) {
  const report = useQuery(slaReportQuery(query));
  const data = report.data;
  const range = `${query.from}_${query.to}`;
  if (report.isError)
    return (
      <ErrorState
        title="The SLA report could not be loaded"
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    );
  if (!data) return <LoadingState label="Loading the SLA report…" />;
  return (
    <div className="flex max-w-5xl flex-col gap-6 p-6" aria-busy={report.isFetching}>
      <p className="text-sm text-muted">
        Targets that ended in the range: met when answered (or resolved) in time, breached when their time
        passed. Set targets in Settings → Business hours &amp; SLA.
      </p>
      <ReportTable
        caption="SLA met by channel"
        file={`sla-by-channel_${range}`}
        rows={data.byChannel}
        columns={metColumns('Channel')}
        empty="No target ended in this range."
      />
      <ReportTable
        caption="SLA met by agent"
        file={`sla-by-agent_${range}`}
        rows={data.byAgent}
        columns={metColumns('Agent')}
        empty="No target ended in this range."
      />
      <ReportTable
        caption="SLA met by week"
        file={`sla-by-week_${range}`}
        rows={data.byWeek}
        columns={metColumns('Week')}
        empty="No target ended in this range."
      />
      <ReportTable
        caption="Breached threads"
        file={`sla-breached_${range}`}
        rows={data.breached}
        columns={[
          {
            header: 'Thread',
            cell: (r) => (
              <Link
                to="/inbox/$conversationId"
                params={{ conversationId: r.conversationId }}
                className="text-accent hover:underline"
              >
                Open thread
              </Link>
            ),
            csv: (r) => r.conversationId,
          },
          { header: 'Target', cell: (r) => SLA_KIND_LABELS[r.kind] },
          { header: 'Was due', cell: (r) => exactTime(r.dueAt), csv: (r) => r.dueAt },
        ]}
        empty="No target was breached in this range."
      />
    </div>
  );
}
