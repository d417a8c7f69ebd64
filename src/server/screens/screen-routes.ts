import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldErrors } from '../../contract/common';
import {
  SCREEN_ROUTES_BY_ID,
  type ScreenQueryOf,
  type ScreenResponseOf,
  type ScreenRouteId,
} from '../../contract/routes';
import { sendBffError, sendRetryLater } from '../bff-error';
import type { ProxyGuard } from '../proxy/proxy';
import type { ReadModel } from '../sync/read-model';
import { boardOf, columnPageOf } from './board';
import { inboxListOf } from './inbox-list';
import { leadListOf } from './lead-list';
import { threadScreenOf } from './thread-screen';

// The BFF's screen reads (`/bff/screens/*`, src/contract/routes/screens.ts): behind the session,
// the role matrix and the per-session rate limit like every API call, answered from the read model
// without an upstream call. Until the sync's first full read of the leads (and the stages) the
// model cannot answer truly, so it says "try again shortly" (503 + Retry-After, which the client
// honours) instead of showing an empty board.

/** How long a browser waits before asking again while the workspace loads. */
export const LOADING_RETRY_MS = 2_000;

/** null: the record asked for is not in the workspace (404). */
type Handler<R extends ScreenRouteId> = (
  model: ReadModel,
  query: ScreenQueryOf<R>,
) => ScreenResponseOf<R> | null;

const HANDLERS: { readonly [R in ScreenRouteId]: Handler<R> } = {
  'screens.board': boardOf,
  'screens.boardColumn': columnPageOf,
  'screens.leads': leadListOf,
  'screens.inbox': inboxListOf,
  'screens.thread': threadScreenOf,
};

/** Whether the model can answer a screen truly: what it reads has had its first full read. */
const READY: { readonly [R in ScreenRouteId]: (model: ReadModel) => boolean } = {
  'screens.board': (model) => model.loaded.has('leads') && model.lists.stages !== null,
  'screens.boardColumn': (model) => model.loaded.has('leads') && model.lists.stages !== null,
  'screens.leads': (model) => model.loaded.has('leads') && model.lists.stages !== null,
  'screens.inbox': (model) => model.loaded.has('conversations'),
  'screens.thread': (model) => model.loaded.has('conversations'),
};

const repeated = (query: unknown): string[] =>
  typeof query === 'object' && query !== null
    ? Object.entries(query)
        .filter(([, value]) => Array.isArray(value))
        .map(([name]) => `${name} must not be repeated`)
    : [];

export function registerScreens(
  app: FastifyInstance,
  deps: { readonly guard: ProxyGuard; readonly model: ReadModel },
): void {
  const { model } = deps;
  const register = <R extends ScreenRouteId>(id: R): void => {
    const route = SCREEN_ROUTES_BY_ID[id];
    const handler: Handler<R> = HANDLERS[id];
    app.get(route.path, async (request: FastifyRequest, reply: FastifyReply) => {
      if (await deps.guard(request, reply, route)) return reply;
      const twice = repeated(request.query);
      if (twice.length) return sendBffError(reply, 400, twice);
      const parsed = route.query.safeParse(request.query ?? {});
      if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
      if (!READY[id](model)) {
        return sendRetryLater(
          reply,
          503,
          LOADING_RETRY_MS,
          'The workspace is still loading: try again shortly',
        );
      }
      const answer = handler(model, parsed.data as ScreenQueryOf<R>);
      if (answer === null) return sendBffError(reply, 404, 'Not in this workspace');
      return reply.header('cache-control', 'no-store').send(answer);
    });
  };
  for (const id of Object.keys(SCREEN_ROUTES_BY_ID) as ScreenRouteId[]) register(id);
}
