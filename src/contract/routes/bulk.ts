import { Id } from '../common';
import { BulkReport, BulkRun, BulkRunList, ConversationBulkBody, LeadBulkBody } from '../bulk';
import { bffRoute } from './bff-define';

// Bulk actions (src/contract/bulk.ts): a run is started on threads (every role) or on leads
// (managers and admins: roles.ts), then read, cancelled, resumed and reported by its id. Two start
// routes rather than one with a `target` field, so the role matrix can tell them apart by id.

const WHAT = 'Bulk actions are';
const NEEDS = ['database', 'live', 'queue'] as const;

/** A change of a run's state: the run as it is then. */
const step = <const I extends string, const P extends string>(id: I, path: P) =>
  bffRoute({ id, method: 'POST', path, params: { id: Id }, response: BulkRun, needs: NEEDS, what: WHAT });

export const BULK_ROUTES = [
  bffRoute({
    id: 'bulk.conversations',
    method: 'POST',
    path: '/bff/bulk/conversations',
    body: ConversationBulkBody,
    response: BulkRun,
    status: 202,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'bulk.leads',
    method: 'POST',
    path: '/bff/bulk/leads',
    body: LeadBulkBody,
    response: BulkRun,
    status: 202,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'bulk.list',
    method: 'GET',
    path: '/bff/bulk',
    response: BulkRunList,
    needs: NEEDS,
    what: WHAT,
  }),
  bffRoute({
    id: 'bulk.get',
    method: 'GET',
    path: '/bff/bulk/{id}',
    params: { id: Id },
    response: BulkRun,
    needs: NEEDS,
    what: WHAT,
  }),
  step('bulk.cancel', '/bff/bulk/{id}/cancel'),
  step('bulk.resume', '/bff/bulk/{id}/resume'),
  bffRoute({
    id: 'bulk.report',
    method: 'GET',
    path: '/bff/bulk/{id}/report',
    params: { id: Id },
    response: BulkReport,
    needs: NEEDS,
    what: WHAT,
  }),
] as const;
