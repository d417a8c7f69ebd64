import type { FastifyReply } from 'fastify';
import type { LABEL_ROUTES } from '../../contract/routes/labels';
import { sendBffError } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { LabelService, Outcome } from './label-service';
import type { ViewService } from './view-service';

// `/bff/labels`, `/bff/conversations/{id}/labels` and `/bff/views` (src/contract/routes/labels.ts):
// session, role (the label list: managers and admins), rate limit, parsing (strict bodies) and the
// 503 without the database or the live workspace are the BFF's (register-bff-routes.ts). A refusal
// that names a field (a name taken, an unknown label) is a 400 whose line starts with the field.

type LabelRouteId = (typeof LABEL_ROUTES)[number]['id'];

const answer = <T>(outcome: Outcome<T>, reply: FastifyReply): T | FastifyReply =>
  outcome.ok
    ? outcome.value
    : sendBffError(reply, outcome.status, outcome.status === 400 ? [outcome.message] : outcome.message);

export function labelHandlers(deps: {
  readonly labels: LabelService;
  readonly views: ViewService;
}): BffHandlers<LabelRouteId> {
  const { labels, views } = deps;
  return {
    'labels.list': () => labels.list(),
    'labels.create': async ({ body, reply }) => answer(await labels.create(body), reply),
    'labels.update': async ({ params, body, reply }) => answer(await labels.update(params.id, body), reply),
    'labels.delete': async ({ params, reply }) => answer(await labels.remove(params.id), reply),
    'conversations.labels': async ({ params, body, reply }) =>
      answer(await labels.changeThread(params.id, body), reply),
    'views.list': ({ user }) => views.list(user),
    'views.create': async ({ user, body, reply }) => answer(await views.create(user, body), reply),
    'views.update': async ({ user, params, body, reply }) =>
      answer(await views.update(user, params.id, body), reply),
    'views.delete': async ({ user, params, reply }) => answer(await views.remove(user, params.id), reply),
  };
}
