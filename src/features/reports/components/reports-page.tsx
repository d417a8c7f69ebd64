import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Suspense, lazy } from 'react';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { Input, Select } from '@/components/ui/field';
import { UserText } from '@/components/ui/user-text';
import { channelsQuery } from '@/data/channels';
import { inboxReportQuery } from '@/data/reports';
import { exactTime, relativeTime } from '@/lib/format';
import { formatDuration, reportQueryOf, type ReportSearch } from '../report-search';
import { ReportTable } from './report-table';

// `/reports`: how the inbox is doing over a date range (in the URL): response and resolution
// times, volumes by day, channel and agent, and who has waited too long. Managers and admins.

const DayChart = lazy(() => import('./day-chart'));

function Stat({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-lg border border-border px-4 py-3">
      <p className="text-xs text-subtle">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      <p className="text-xs text-muted">{detail}</p>
    </div>
  );
}

export function ReportsPage() {
  const search = useSearch({ from: '/reports' });
  const navigate = useNavigate({ from: '/reports' });
  const query = reportQueryOf(search);
  const report = useQuery(inboxReportQuery(query));
  const channels = useQuery(channelsQuery()).data?.channels ?? [];
  const set = (patch: Partial<ReportSearch>) =>
    void navigate({ search: (s) => ({ ...s, ...patch }), replace: true });
  const data = report.data;
  const range = `${query.from}_${query.to}`;

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="border-b border-border px-6 py-4">
        <h1 className="text-lg font-semibold">Reports</h1>
        <div
          role="group"
          aria-label="Report range"
          className="mt-3 flex flex-wrap items-end gap-3 text-[13px]"
        >
          <label className="flex flex-col gap-1 font-medium text-muted">
            From
            <Input
              type="date"
              value={query.from}
              max={query.to}
              onChange={(e) => set({ from: e.target.value || undefined })}
            />
          </label>
          <label className="flex flex-col gap-1 font-medium text-muted">
            To
            <Input
              type="date"
              value={query.to}
              min={query.from}
              onChange={(e) => set({ to: e.target.value || undefined })}
            />
          </label>
          <label className="flex flex-col gap-1 font-medium text-muted">
            Channel
            <Select
              value={query.channel ?? ''}
              onChange={(e) => set({ channel: e.target.value || undefined })}
            >
              <option value="">All channels</option>
              {channels.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </label>
          <label className="flex flex-col gap-1 font-medium text-muted">
            Reply target (minutes)
            <Input
              type="number"
              min={1}
              className="w-28"
              value={query.target}
              onChange={(e) => set({ target: Number(e.target.value) || undefined })}
            />
          </label>
        </div>
      </header>
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
          <p className="text-[13px] text-muted">
            {data.since
              ? `History is recorded from ${exactTime(data.since)}; nothing before it is counted.`
              : 'No history recorded yet.'}
          </p>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Stat
              label="First response, median"
              value={formatDuration(data.firstResponse.median)}
              detail={`${String(data.firstResponse.count)} threads answered`}
            />
            <Stat
              label="First response, 90th percentile"
              value={formatDuration(data.firstResponse.p90)}
              detail={`${String(data.firstResponse.unanswered)} not answered yet`}
            />
            <Stat
              label="Resolution, median"
              value={formatDuration(data.resolution.median)}
              detail={`${String(data.resolution.count)} threads closed`}
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
                <DayChart days={data.byDay} />
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
    </div>
  );
}
