import { REPORT_MAX_DAYS, type InboxReport, type REPORT_ROUTES } from '../../contract';
import { sendBffError } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import { guarded } from '../store/store-errors';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { Person } from '../team';
import type { HistoryRepository } from './history-repository';
import { pipelineReport } from './pipeline-report';
import { overdueThreads } from './report-queries';

// GET /bff/reports/pipeline?from=&to=  stage by stage, won and lost by week, the forecast.
// GET /bff/reports/inbox?from=&to=&channel=&target=   managers and admins: the inbox's response
// and resolution times, volumes by day, channel and agent (from the recorded history), and the
// open threads whose contact has waited past the target (from the workspace now).
// Routes in src/contract/routes/reports.ts; session, role and query checked by
// register-bff-routes.ts, the day range here.

export interface ReportRouteDeps {
  readonly history: HistoryRepository;
  readonly workspace: WorkspaceReader;
  readonly people: readonly Person[];
  readonly clock: () => number;
}

const DAY_MS = 86_400_000;

/** The range [from, to] in whole UTC days, or what is wrong with it (naming the field). */
export function dayRange(from: string, to: string): { start: number; end: number } | string {
  const start = Date.parse(`${from}T00:00:00.000Z`);
  const end = Date.parse(`${to}T00:00:00.000Z`) + DAY_MS;
  if (!Number.isFinite(start)) return 'from: not a date';
  if (!Number.isFinite(end)) return 'to: not a date';
  if (end <= start) return 'to: must not be before from';
  if (end - start > REPORT_MAX_DAYS * DAY_MS)
    return `to: a report covers at most ${String(REPORT_MAX_DAYS)} days`;
  return { start, end };
}
const DEFAULT_TARGET_MINUTES = 60;

type ReportRouteId = (typeof REPORT_ROUTES)[number]['id'];

export function reportHandlers(deps: ReportRouteDeps): BffHandlers<ReportRouteId> {
  const names = new Map(deps.people.map((p) => [p.id, p.name]));
  const agentName = (id: string | null | undefined) => (id ? (names.get(id) ?? id) : 'Unassigned');
  const { history, workspace } = deps;

  return {
    'reports.inbox': async ({ query, reply }) => {
      const { from, to, channel } = query;
      const range = dayRange(from, to);
      if (typeof range === 'string') return sendBffError(reply, 400, [range]);
      const { start, end } = range;
      const target = query.target ?? DEFAULT_TARGET_MINUTES;
      const [recorded, since, channels, overdue] = await Promise.all([
        history.inbox({ from: new Date(start), to: new Date(end), channelId: channel }),
        history.since(),
        guarded(() => workspace.list('channels')),
        guarded(() => overdueThreads(workspace, deps.clock(), target, channel)),
      ]);
      const channelName = (id: string | null) =>
        (id && channels?.find((c) => c.id === id)?.name) || (id ? id : 'No channel');
      const report: InboxReport = {
        since,
        from,
        to,
        firstResponse: { ...recorded.firstResponse },
        resolution: { ...recorded.resolution },
        byDay: recorded.byDay,
        byChannel: recorded.byChannel.map((c) => ({
          channel: channelName(c.channelId),
          inbound: c.inbound,
          outbound: c.outbound,
        })),
        byAgent: recorded.byAgent.map((a) => ({
          agent: agentName(a.assignee),
          threads: a.threads,
          replies: a.replies,
          medianFirstResponse: a.medianFirstResponse,
          resolved: a.resolved,
        })),
        targetMinutes: target,
        overdue: overdue.map((o) => ({
          ...o,
          agent: agentName(o.agent),
        })),
      };
      return report;
    },

    'reports.pipeline': async ({ query, reply }) => {
      const { from, to } = query;
      const range = dayRange(from, to);
      if (typeof range === 'string') return sendBffError(reply, 400, [range]);
      const since = await history.since();
      return pipelineReport(history.db, workspace, {
        from,
        to,
        start: new Date(range.start),
        end: new Date(range.end),
        since,
      });
    },
  };
}
