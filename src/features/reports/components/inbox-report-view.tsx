import { Link } from '@tanstack/react-router';
import { Suspense, lazy, useMemo } from 'react';
import type { InboxReportQuery } from '@/contract';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { UserText } from '@/components/ui/user-text';
import { inboxReportQuery } from '@/data/reports';
import { countOf, exactTime, relativeTime } from '@/lib/format';
import { formatDuration } from '../report-search';
import { ReportTable } from './report-table';
import { SinceLine, Stat } from './report-parts';
import { useQuery } from '@tanstack/react-query';

// The inbox report: response and resolution times, messages by day, channel and agent, and the
// open threads waiting past the reply target.

const BarChart = lazy(() => import('./bar-chart'));

export function InboxReportView({ query }: { query: InboxReportQuery }) {
  const report = useQuery(inboxReportQuery(query));
  const data = report.data;
  const range = `${query.from}_${query.to}`;
  const series = useMemo(
    () =>
      data
        ? [
            { label: 'From contacts', values: data.byDay.map((d) => d.inbound), color: '#2563eb' },
            { label: 'Replies', values: data.byDay.map((d) => d.outbound), color: '#059669' },
          ]
        : [],
    [data],
  );
  const days = useMemo(() => data?.byDay.map((d) => d.day) ?? [], [data]);
  return (
    <>
      {report.isError ? (
        <ErrorState
          title="The report could not be loaded"
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      ) : !data ? (
        <LoadingState label="Loading the report…" />
      ) : (
        <div className="flex max-w-5xl flex-col gap-6 p-6" aria-busy={report.isFetching}>
          <SinceLine since={data.since} view="inbox" />
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Stat
              label="First response, median"
              value={formatDuration(data.firstResponse.median)}
              detail={countOf(data.firstResponse.count, 'thread answered', 'threads answered')}
            />
            <Stat
              label="First response, 90th percentile"
              value={formatDuration(data.firstResponse.p90)}
              detail={`${String(data.firstResponse.unanswered)} not answered yet`}
            />
            <Stat
              label="Resolution, median"
              value={formatDuration(data.resolution.median)}
              detail={countOf(data.resolution.count, 'thread closed', 'threads closed')}
            />
            <Stat
              label="Resolution, 90th percentile"
              value={formatDuration(data.resolution.p90)}
              detail="from opened to closed"
            />
          </div>
          <section aria-label="Messages by day chart" className="rounded-lg border border-border p-4">
            <h2 className="mb-2 text-sm font-semibold">Messages by day</h2>
            {data.byDay.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted">No messages in this range.</p>
            ) : (
              <Suspense fallback={<div className="h-[220px]" />}>
                <BarChart days={days} series={series} />
              </Suspense>
            )}
          </section>
          <ReportTable
            caption="Messages by day"
            file={`messages-by-day_${range}`}
            rows={data.byDay}
            empty="No messages in this range."
            columns={[
              { header: 'Day', cell: (r) => r.day },
              { header: 'From contacts', cell: (r) => r.inbound, numeric: true },
              { header: 'Replies', cell: (r) => r.outbound, numeric: true },
            ]}
          />
          <ReportTable
            caption="By channel"
            file={`by-channel_${range}`}
            rows={data.byChannel}
            empty="No messages in this range."
            columns={[
              { header: 'Channel', cell: (r) => <UserText>{r.channel}</UserText>, csv: (r) => r.channel },
              { header: 'From contacts', cell: (r) => r.inbound, numeric: true },
              { header: 'Replies', cell: (r) => r.outbound, numeric: true },
            ]}
          />
          <ReportTable
            caption="By agent"
            file={`by-agent_${range}`}
            rows={data.byAgent}
            empty="No replies or closed threads in this range."
            columns={[
              { header: 'Agent', cell: (r) => <UserText>{r.agent}</UserText>, csv: (r) => r.agent },
              { header: 'Threads replied to', cell: (r) => r.threads, numeric: true },
              { header: 'Replies', cell: (r) => r.replies, numeric: true },
              {
                header: 'First response, median',
                cell: (r) => formatDuration(r.medianFirstResponse),
                csv: (r) => r.medianFirstResponse,
                numeric: true,
              },
              { header: 'Closed', cell: (r) => r.resolved, numeric: true },
            ]}
          />
          <ReportTable
            caption={`Waiting more than ${String(data.targetMinutes)} minutes for a reply`}
            file="waiting-for-reply"
            rows={data.overdue}
            empty="No open thread is waiting past the target."
            columns={[
              {
                header: 'Thread',
                cell: (r) => (
                  <Link
                    to="/inbox/$conversationId"
                    params={{ conversationId: r.conversationId }}
                    className="text-accent hover:underline"
                  >
                    <UserText>{r.name}</UserText>
                  </Link>
                ),
                csv: (r) => r.name,
              },
              {
                header: 'Waiting since',
                cell: (r) => (
                  <time dateTime={r.waitingSince} title={exactTime(r.waitingSince)}>
                    {relativeTime(r.waitingSince)}
                  </time>
                ),
                csv: (r) => r.waitingSince,
              },
              { header: 'Owner', cell: (r) => <UserText>{r.agent}</UserText>, csv: (r) => r.agent },
            ]}
          />
        </div>
      )}
    </>
  );
}
