import type { SlaReport } from '../../contract/sla';
import type { SLA_ROUTES } from '../../contract/routes/sla';
import { sendBffError } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import { dayRange } from '../reports/report-routes';
import { guarded } from '../store/store-errors';
import type { Person } from '../team';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { SlaRepository } from './sla-repository';
import type { SlaService } from './sla-service';

// `/bff/sla` and `/bff/reports/sla` (src/contract/routes/sla.ts): session, role (only admins save;
// managers and admins read the report), the strict body and query (an unknown time zone, shifts
// that overlap, a target of zero: 400 with the field named) are the BFF's (register-bff-routes.ts);
// the report's day range is checked here, as the other reports' is.

type SlaRouteId = (typeof SLA_ROUTES)[number]['id'];

/** The breached threads a report lists at most. */
const MAX_LISTED = 200;

export function slaHandlers(deps: {
  readonly service: SlaService;
  readonly repository: SlaRepository;
  readonly workspace: WorkspaceReader | null;
  readonly people: readonly Person[];
}): BffHandlers<SlaRouteId> {
  const names = new Map(deps.people.map((p) => [p.id, p.name]));
  return {
    'sla.get': () => deps.service.settings(),
    'sla.set': ({ user, body }) => deps.service.save(user, body),
    'reports.sla': async ({ query, reply }) => {
      const range = dayRange(query.from, query.to);
      if (typeof range === 'string') return sendBffError(reply, 400, [range]);
      const [counted, channels] = await Promise.all([
        deps.repository.report(new Date(range.start), new Date(range.end), MAX_LISTED),
        deps.workspace ? guarded(() => deps.workspace!.list('channels')) : null,
      ]);
      const channelName = (id: string) => channels?.find((c) => c.id === id)?.name ?? (id || 'No channel');
      const report: SlaReport = {
        ...counted,
        byChannel: counted.byChannel.map((r) => ({ ...r, label: channelName(r.key) })),
        byAgent: counted.byAgent.map((r) => ({
          ...r,
          label: r.key ? (names.get(r.key) ?? r.key) : 'Unassigned',
        })),
      };
      return report;
    },
  };
}
