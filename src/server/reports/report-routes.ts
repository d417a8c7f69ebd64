import type { AnyBffHandlers } from '../bff-routes/bff-handlers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  InboxReportQuery,
  PipelineReportQuery,
  REPORT_MAX_DAYS,
  canReadReports,
  fieldErrors,
  type InboxReport,
} from '../../contract';
import { sendBffError } from '../bff-error';
import { fromStore, ownDataUser, type OwnDataDeps } from '../store/own-data-routes';
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

export interface ReportRouteDeps extends OwnDataDeps {
  readonly history: HistoryRepository | null;
  readonly workspace: WorkspaceReader | null;
  readonly people: readonly Person[];
  readonly clock: () => number;
}

const DAY_MS = 86_400_000;

/** The range [from, to] in whole UTC days, or what is wrong with it (naming the field). */
function dayRange(from: string, to: string): { start: number; end: number } | string {
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

export function registerReportRoutes(app: FastifyInstance, deps: ReportRouteDeps): AnyBffHandlers {
  const kept = { available: deps.history !== null && deps.workspace !== null, what: 'Reports are' };
  const names = new Map(deps.people.map((p) => [p.id, p.name]));
  const agentName = (id: string | null | undefined) => (id ? (names.get(id) ?? id) : 'Unassigned');

  /** Signed in as a manager or admin; otherwise the 401, 403 or 503 has been sent. */
  const reportReader = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const user = await ownDataUser(request, reply, deps, kept);
    if (!user) return false;
    if (canReadReports(user.role)) return true;
    sendBffError(reply, 403, `Your role (${user.role}) may not read reports`);
    return false;
  };

  app.get('/bff/reports/inbox', async (request, reply) => {
    if (!(await reportReader(request, reply))) return reply;
    const parsed = InboxReportQuery.safeParse(request.query ?? {});
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    const { from, to, channel } = parsed.data;
    const range = dayRange(from, to);
    if (typeof range === 'string') return sendBffError(reply, 400, [range]);
    const { start, end } = range;
    const workspace = deps.workspace!;
    const target = parsed.data.target ?? DEFAULT_TARGET_MINUTES;

    return fromStore(reply, 'Reports are', async () => {
      const [history, since, channels, overdue] = await Promise.all([
        deps.history!.inbox({ from: new Date(start), to: new Date(end), channelId: channel }),
        deps.history!.since(),
        guarded(() => workspace.list('channels')),
        guarded(() => overdueThreads(workspace, deps.clock(), target, channel)),
      ]);
      const channelName = (id: string | null) =>
        (id && channels?.find((c) => c.id === id)?.name) || (id ? id : 'No channel');
      const report: InboxReport = {
        since,
        from,
        to,
        firstResponse: { ...history.firstResponse },
        resolution: { ...history.resolution },
        byDay: history.byDay,
        byChannel: history.byChannel.map((c) => ({
          channel: channelName(c.channelId),
          inbound: c.inbound,
          outbound: c.outbound,
        })),
        byAgent: history.byAgent.map((a) => ({
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
      return reply.send(report);
    });
  });

  app.get('/bff/reports/pipeline', async (request, reply) => {
    if (!(await reportReader(request, reply))) return reply;
    const parsed = PipelineReportQuery.safeParse(request.query ?? {});
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    const { from, to } = parsed.data;
    const range = dayRange(from, to);
    if (typeof range === 'string') return sendBffError(reply, 400, [range]);
    return fromStore(reply, 'Reports are', async () => {
      const since = await deps.history!.since();
      const report = await pipelineReport(deps.history!.db, deps.workspace!, {
        from,
        to,
        start: new Date(range.start),
        end: new Date(range.end),
        since,
      });
      return reply.send(report);
    });
  });
  return {};
}
