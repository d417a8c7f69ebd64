import { InboxReport, InboxReportQuery, PipelineReport, PipelineReportQuery } from '../reports';
import { bffRoute } from './bff-define';

// Reports (managers and admins: roles.ts) from the history the BFF records in its database and the
// live workspace. The day range is checked by the BFF past its schema (at most REPORT_MAX_DAYS,
// `to` not before `from`).

const WHAT = 'Reports are';

export const REPORT_ROUTES = [
  bffRoute({
    id: 'reports.inbox',
    method: 'GET',
    path: '/bff/reports/inbox',
    query: InboxReportQuery,
    response: InboxReport,
    needs: ['database', 'live'],
    what: WHAT,
  }),
  bffRoute({
    id: 'reports.pipeline',
    method: 'GET',
    path: '/bff/reports/pipeline',
    query: PipelineReportQuery,
    response: PipelineReport,
    needs: ['database', 'live'],
    what: WHAT,
  }),
] as const;
