import type { FastifyReply } from 'fastify';
import type { BULK_ROUTES } from '../../contract/routes/bulk';
import { sendBffError } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { BulkService, Outcome } from './bulk-service';

// The bulk routes (src/contract/routes/bulk.ts): session, role (leads: managers and admins),
// rate limit, parsing (a malformed body is a 400 naming the field) and the 503 without the database
// or the live workspace are the BFF's (register-bff-routes.ts).

type BulkRouteId = (typeof BULK_ROUTES)[number]['id'];

function answer<T>(outcome: Outcome<T>, reply: FastifyReply): T | FastifyReply {
  if (outcome.ok) return outcome.value;
  return sendBffError(reply, outcome.status, outcome.status === 400 ? [outcome.message] : outcome.message);
}

export function bulkHandlers(deps: { readonly bulk: BulkService }): BffHandlers<BulkRouteId> {
  const { bulk } = deps;
  return {
    'bulk.conversations': async ({ user, body, reply }) =>
      answer(await bulk.startOnConversations(user, body), reply),
    'bulk.leads': async ({ user, body, reply }) => answer(await bulk.startOnLeads(user, body), reply),
    'bulk.list': async ({ user }) => ({ data: await bulk.list(user) }),
    'bulk.get': async ({ user, params, reply }) => answer(await bulk.get(user, params.id), reply),
    'bulk.cancel': async ({ user, params, reply }) => answer(await bulk.cancel(user, params.id), reply),
    'bulk.resume': async ({ user, params, reply }) => answer(await bulk.resume(user, params.id), reply),
    'bulk.report': async ({ user, params, reply }) => answer(await bulk.report(user, params.id), reply),
  };
}
