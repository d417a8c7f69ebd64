import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Input, Select } from '@/components/ui/field';
import { channelsQuery } from '@/data/channels';
import { reportQueryOf, type ReportSearch } from '../report-search';
import { InboxReportView } from './inbox-report-view';
import { PipelineReportView } from './pipeline-report-view';
import { SlaReportView } from './sla-report-view';

// `/reports`: how the inbox, the pipeline and the SLA targets are doing over a date range. The view, range and
// filters live in the URL. Managers and admins.

const VIEWS = [
  { view: 'inbox', label: 'Inbox' },
  { view: 'pipeline', label: 'Pipeline' },
  { view: 'sla', label: 'SLA' },
] as const;

export function ReportsPage() {
  const search = useSearch({ from: '/reports' });
  const navigate = useNavigate({ from: '/reports' });
  const query = reportQueryOf(search);
  const view = search.view ?? 'inbox';
  const channels = useQuery(channelsQuery()).data?.channels ?? [];
  // A range that ends before it starts is said on the field, and nothing is asked of the BFF.
  const rangeError = query.from > query.to ? 'From must be on or before To.' : null;
  const set = (patch: Partial<ReportSearch>) =>
    void navigate({ search: (s) => ({ ...s, ...patch }), replace: true });

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="border-b border-border px-6 py-4">
        <h1 className="text-lg font-semibold">Reports</h1>
        <nav aria-label="Report" className="mt-3 flex gap-1 text-sm">
          {VIEWS.map((v) => (
            <Link
              key={v.view}
              to="/reports"
              search={(s) => ({ ...s, view: v.view === 'inbox' ? undefined : v.view })}
              aria-current={view === v.view ? 'page' : undefined}
              className={`rounded-md px-3 py-1.5 ${view === v.view ? 'bg-raised font-medium text-fg' : 'text-muted hover:bg-surface'}`}
            >
              {v.label}
            </Link>
          ))}
        </nav>
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
              aria-invalid={rangeError !== null}
              aria-describedby={rangeError !== null ? 'report-range-error' : undefined}
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
          {view === 'inbox' ? (
            <>
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
            </>
          ) : null}
        </div>
        {rangeError !== null ? (
          <p id="report-range-error" role="alert" className="mt-2 text-xs text-danger">
            {rangeError}
          </p>
        ) : null}
      </header>
      {rangeError !== null ? null : view === 'pipeline' ? (
        <PipelineReportView query={{ from: query.from, to: query.to }} />
      ) : view === 'sla' ? (
        <SlaReportView query={{ from: query.from, to: query.to }} />
      ) : (
        <InboxReportView query={query} />
      )}
    </div>
  );
}
