import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldErrors } from '../../contract/common';
import {
  SCREEN_ROUTES_BY_ID,
  type ScreenQueryOf,
  type ScreenResponseOf,
  type ScreenRouteId,
} from '../../contract/routes';
import { sendBffError, sendRetryLater } from '../bff-error';
import { fromStore } from '../store/own-data-routes';
import type { ProxyGuard } from '../proxy/proxy';
import type { ReadModel } from '../sync/read-model';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { ReadThrough } from '../sync/read-through';
import type { ReadMarks } from '../unread/read-marks';
import type { NotesRepository } from '../notes/notes-repository';
import { boardOf, columnPageOf } from './board';
import { inboxListOf, type InboxContext } from './inbox-list';
import { leadListOf } from './lead-list';
import { contactScreenOf, customerScreenOf } from './record-screens';
import { threadScreenOf } from './thread-screen';

// The BFF's screen reads (`/bff/screens/*`, src/contract/routes/screens.ts): behind the session,
// the role matrix and the per-session rate limit like every API call, answered from the workspace
// tables without an upstream call. Until the sync's first full read of the leads (and the stages)
// the tables cannot answer truly, so it says "try again shortly" (503 + Retry-After, which the
// client honours) instead of showing an empty board.

/** How long a browser waits before asking again while the workspace loads. */
export const LOADING_RETRY_MS = 2_000;

/** What a screen may need of the signed-in agent beyond the workspace (their unread, for a filter). */
type ScreenContext = InboxContext;

/** null: the record asked for is not in the workspace (404). */
type Handler<R extends ScreenRouteId> = (
  workspace: WorkspaceReader,
  query: ScreenQueryOf<R>,
  ctx: ScreenContext,
) => ScreenResponseOf<R> | null | Promise<ScreenResponseOf<R> | null>;

const HANDLERS: { readonly [R in ScreenRouteId]: Handler<R> } = {
  'screens.board': boardOf,
  'screens.boardColumn': columnPageOf,
  'screens.leads': leadListOf,
  'screens.inbox': inboxListOf,
  'screens.thread': threadScreenOf,
  'screens.customer': customerScreenOf,
  'screens.contact': contactScreenOf,
};

type Collection = 'conversations' | 'leads' | 'customers';

/** What each screen needs read in full once before it can answer truly, and whether the stages. */
const NEEDS: {
  readonly [R in ScreenRouteId]: { readonly loaded: readonly Collection[]; readonly stages?: true };
} = {
  'screens.board': { loaded: ['leads'], stages: true },
  'screens.boardColumn': { loaded: ['leads'], stages: true },
  'screens.leads': { loaded: ['leads'], stages: true },
  'screens.inbox': { loaded: ['conversations'] },
  'screens.thread': { loaded: ['conversations'] },
  // Contacts are swept one customer at a time: what a page needs of them is read through (below).
  'screens.customer': { loaded: ['customers', 'conversations', 'leads'] },
  'screens.contact': { loaded: ['customers', 'conversations'] },
};

/**
 * Whether the tables can answer a screen truly: what it reads has had its first full read (the
 * sync's mark, ws_meta `loaded`, as exports and imports read it) and, for the lead screens, the
 * stages were read. The read model's marks count too while it is kept.
 */
async function ready(
  workspace: WorkspaceReader,
  model: ReadModel | undefined,
  needs: (typeof NEEDS)[ScreenRouteId],
): Promise<boolean> {
  const [marked, stages] = await Promise.all([
    workspace.meta<unknown>('loaded'),
    needs.stages ? workspace.list('stages') : Promise.resolve([]),
  ]);
  const loaded = (c: Collection) =>
    (Array.isArray(marked) && marked.includes(c)) || model?.loaded.has(c) === true;
  return (stages !== null || Boolean(model?.lists.stages)) && needs.loaded.every(loaded);
}

/** What a screen reads through before it answers, when the sweeps have not read it yet. */
const PREPARE: {
  readonly [R in ScreenRouteId]?: (
    rt: ReadThrough,
    workspace: WorkspaceReader,
    query: ScreenQueryOf<R>,
  ) => Promise<void>;
} = {
  'screens.customer': async (rt, workspace, query) => {
    if ((await workspace.customer(query.id)) !== undefined) await rt.contactsOf(query.id);
  },
  'screens.contact': (rt, _workspace, query) => rt.contact(query.id),
};

const repeated = (query: unknown): string[] =>
  typeof query === 'object' && query !== null
    ? Object.entries(query)
        .filter(([, value]) => Array.isArray(value))
        .map(([name]) => `${name} must not be repeated`)
    : [];

export function registerScreens(
  app: FastifyInstance,
  deps: {
    readonly guard: ProxyGuard;
    /** Only for the sync's first-read marks while it keeps them there; every answer comes from the tables. */
    readonly model?: ReadModel;
    /** The workspace tables every instance reads (issue 35). */
    readonly workspace: WorkspaceReader;
    readonly readThrough?: ReadThrough;
    /** Unread per agent (null without the BFF's database: the Unread filter is refused). */
    readonly unread?: ReadMarks | null;
    /** The team's notes, added to a thread's screen (null without the BFF's database). */
    readonly notes?: NotesRepository | null;
  },
): void {
  const register = <R extends ScreenRouteId>(id: R): void => {
    const route = SCREEN_ROUTES_BY_ID[id];
    const handler: Handler<R> = HANDLERS[id];
    app.get(route.path, async (request: FastifyRequest, reply: FastifyReply) => {
      if (await deps.guard(request, reply, route)) return reply;
      const twice = repeated(request.query);
      if (twice.length) return sendBffError(reply, 400, twice);
      const parsed = route.query.safeParse(request.query ?? {});
      if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
      // The workspace lives in the database: one that cannot serve is a 503 to try again, never a 500.
      return fromStore(reply, 'The workspace is', async () => {
        if (!(await ready(deps.workspace, deps.model, NEEDS[id]))) {
          return sendRetryLater(
            reply,
            503,
            LOADING_RETRY_MS,
            'The workspace is still loading: try again shortly',
          );
        }
        const query = parsed.data as ScreenQueryOf<R>;
        const prepare = PREPARE[id];
        let unread = false;
        if (prepare && deps.readThrough) {
          try {
            await prepare(deps.readThrough, deps.workspace, query);
          } catch (error) {
            // The page is answered with what the tables hold; only a record they lack is an error.
            unread = true;
            request.log.warn({ screen: id, reason: String(error) }, 'screen read-through failed');
          }
        }
        const ctx: ScreenContext = {};
        if ((query as { unread?: string }).unread === 'true') {
          const username = request.bffUser?.username;
          if (!deps.unread || !username) {
            return sendBffError(reply, 503, 'Unread is not kept: the BFF runs without its database');
          }
          try {
            Object.assign(ctx, { unreadThreads: await deps.unread.unreadThreadsSqlFor(username) });
          } catch {
            return sendRetryLater(reply, 503, LOADING_RETRY_MS, 'Unread is unavailable: try again shortly');
          }
        }
        const answer = await handler(deps.workspace, query, ctx);
        if (answer === null && unread) {
          return sendBffError(reply, 502, 'The record could not be read from the CRM: try again shortly');
        }
        if (answer === null) return sendBffError(reply, 404, 'Not in this workspace');
        if (id === 'screens.thread' && deps.notes) {
          // The thread's notes come with it; without them the page reads them itself.
          try {
            Object.assign(answer, { notes: await deps.notes.ofConversation((query as { id: string }).id) });
          } catch (error) {
            request.log.warn({ reason: String(error) }, 'thread screen: notes not read');
          }
        }
        return reply.header('cache-control', 'no-store').send(answer);
      });
    });
  };
  for (const id of Object.keys(SCREEN_ROUTES_BY_ID) as ScreenRouteId[]) register(id);
}
