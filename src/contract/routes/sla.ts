import { SlaReport, SlaReportQuery, SlaSettings, SlaSettingsBody } from '../sla';
import { bffRoute } from './bff-define';

// Business hours and SLA policies (src/contract/sla.ts): everyone reads them (the browser counts a
// chip's time left in the hours); admins save them (roles.ts). The report of targets met is the
// managers' and admins', as the other reports are.

const WHAT = 'Business hours and SLA policies are';

export const SLA_ROUTES = [
  bffRoute({
    id: 'sla.get',
    method: 'GET',
    path: '/bff/sla',
    response: SlaSettings,
    needs: ['database'],
    what: WHAT,
  }),
  bffRoute({
    id: 'sla.set',
    method: 'PUT',
    path: '/bff/sla',
    body: SlaSettingsBody,
    response: SlaSettings,
    needs: ['database'],
    what: WHAT,
  }),
  bffRoute({
    id: 'reports.sla',
    method: 'GET',
    path: '/bff/reports/sla',
    query: SlaReportQuery,
    response: SlaReport,
    needs: ['database', 'live'],
    what: 'Reports are',
  }),
] as const;
