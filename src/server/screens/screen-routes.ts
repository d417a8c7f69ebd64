import {
  SCREEN_ROUTES,
  type BffResponseOf,
  type ScreenQueryOf,
  type ScreenResponseOf,
  type ScreenRouteId,
} from '../../contract/routes';
import { sendBffError, sendRetryLater } from '../bff-error';
import type { BffHandler, BffHandlers } from '../bff-routes/bff-handlers';
import { storableText } from '../store/storable-text';
import type { Readiness, WorkspaceReader } from '../workspace/workspace-reader';
import type { ReadThrough } from '../sync/read-through';
import type { ReadMarks } from '../unread/read-marks';
import type { NotesRepository } from '../notes/notes-repository';
import { boardOf, columnPageOf } from './board';
import { customerSearchOf } from './customer-search';
import { inboxListOf, type InboxContext } from './inbox-list';
import { leadListOf } from './lead-list';
import { contactScreenOf, customerScreenOf } from './record-screens';
import { threadScreenOf } from './thread-screen';
import { shownConversations } from '../snooze/snooze-overlay';
import type { SnoozeRepository } from '../snooze/snooze-repository';

// The BFF's screen reads (`/bff/screens/*`, src/contract/routes/screens.ts): behind the session,
// the role matrix and the per-session rate limit like every BFF route (register-bff-routes.ts),
// answered from the workspace
// tables without an upstream call. Until the sync's first full read of the leads (and the stages)
// they cannot answer truly, so it says "try again shortly" (503 + Retry-After, which the client
// honours) instead of showing an empty board.

/** How long a browser waits before asking again while the workspace loads. */
export const LOADING_RETRY_MS = 2_000;

/** What a screen may need of the signed-in agent beyond the tables (their unread, for a filter). */
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
  'screens.customers': customerSearchOf,
};

/** Whether the tables can answer a screen truly: what it reads has had its first full read. */
const READY: { readonly [R in ScreenRouteId]: (r: Readiness) => boolean } = {
  'screens.board': (r) => r.loaded.has('leads') && r.stages,
  'screens.boardColumn': (r) => r.loaded.has('leads') && r.stages,
  'screens.leads': (r) => r.loaded.has('leads') && r.stages,
  'screens.inbox': (r) => r.loaded.has('conversations'),
  'screens.thread': (r) => r.loaded.has('conversations'),
  // Contacts are swept one customer at a time: what a page needs of them is read through (below).
  'screens.customer': (r) =>
    r.loaded.has('customers') && r.loaded.has('conversations') && r.loaded.has('leads'),
  'screens.contact': (r) => r.loaded.has('customers') && r.loaded.has('conversations'),
  'screens.customers': (r) => r.loaded.has('customers'),
};

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

export interface ScreenDeps {
  /** The workspace tables every instance reads (issue 35). */
  readonly workspace: WorkspaceReader;
  readonly readThrough?: ReadThrough;
  /** Unread per agent (null without the BFF's database: the Unread filter is refused). */
  readonly unread?: ReadMarks | null;
  /** The team's notes, added to a thread's screen (null without the BFF's database). */
  readonly notes?: NotesRepository | null;
  /** The team's snoozes (null without the BFF's database): threads show as snoozed while one holds. */
  readonly snoozes?: { readonly repository: SnoozeRepository; readonly clock: () => number } | null;
}

/** The inbox's rows and the thread's conversation as shown: a snoozed thread reads `snoozed`. */
async function showSnoozes(id: ScreenRouteId, answer: unknown, repository: SnoozeRepository, now: number) {
  if (id === 'screens.inbox') {
    const page = answer as ScreenResponseOf<'screens.inbox'>;
    const shown = await shownConversations(
      repository,
      page.rows.map((r) => r.conversation),
      now,
    );
    page.rows.forEach((row, i) => (row.conversation = shown[i]!));
  } else if (id === 'screens.thread') {
    const screen = answer as ScreenResponseOf<'screens.thread'>;
    const [shown] = await shownConversations(repository, [screen.conversation], now);
    if (shown) screen.conversation = shown;
  }
}

export function screenHandlers(deps: ScreenDeps): BffHandlers<ScreenRouteId> {
  // One small query: an operator's reload empties the tables, so it is asked every time.
  const readiness = (): Promise<Readiness> => deps.workspace.readiness();
  const handlerOf =
    <R extends ScreenRouteId>(id: R): BffHandler<R> =>
    async ({ query: parsed, request, reply }) => {
      if (!READY[id](await readiness())) {
        return sendRetryLater(
          reply,
          503,
          LOADING_RETRY_MS,
          'The workspace is still loading: try again shortly',
        );
      }
      // Compared as the tables store text (U+0000 and lone surrogates as U+FFFD): PostgreSQL
      // refuses them in a parameter, and no stored value holds them.
      const query = Object.fromEntries(
        Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [
          k,
          typeof v === 'string' ? storableText(v) : v,
        ]),
      ) as ScreenQueryOf<R>;
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
      const now = deps.snoozes ? deps.snoozes.clock() : null;
      const ctx: ScreenContext = {
        ...(now === null ? {} : { snoozesAt: new Date(now) }),
        slaAt: new Date(now ?? Date.now()),
      };
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
      const answer = await HANDLERS[id](deps.workspace, query, ctx);
      if (answer === null && unread) {
        return sendBffError(reply, 502, 'The record could not be read from the CRM: try again shortly');
      }
      if (answer === null) return sendBffError(reply, 404, 'Not in this workspace');
      if (deps.snoozes && now !== null) await showSnoozes(id, answer, deps.snoozes.repository, now);
      if (id === 'screens.thread' && deps.notes) {
        // The thread's notes come with it; without them the page reads them itself.
        try {
          Object.assign(answer, { notes: await deps.notes.ofConversation((query as { id: string }).id) });
        } catch (error) {
          request.log.warn({ reason: String(error) }, 'thread screen: notes not read');
        }
      }
      // The screens' table is part of the BFF's: the same route, seen through its own union.
      return answer as BffResponseOf<R>;
    };
  return Object.fromEntries(
    SCREEN_ROUTES.map((r) => [r.id, handlerOf(r.id)]),
  ) as unknown as BffHandlers<ScreenRouteId>;
}
