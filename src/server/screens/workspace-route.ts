import type { FastifyInstance } from 'fastify';
import type { Channel, LeadStage, Me, QuickReply, Tag, Team, Workspace } from '../../contract';
import type { SessionManager } from '../auth/sessions';
import type { UserDirectory } from '../auth/users';
import { sendBffError } from '../bff-error';
import type { WorkspaceReader } from '../workspace/workspace-reader';

// `GET /bff/workspace`: the app's first call after sign-in (src/contract/workspace.ts): who is
// signed in, the team and the small lists every screen uses, from the workspace tables (no upstream
// call). Without a live workspace, or before the sync read a list, that list is null. It also says
// where the live stream stood before it read anything (`streamFrom`), where the app's stream starts.

/** The lists the sync has read, by name, in one statement (ws_lists holds one row per list). */
async function smallLists(workspace: WorkspaceReader): Promise<Map<string, unknown>> {
  const rows = await workspace.db.selectFrom('ws_lists').select(['name', 'data']).execute();
  return new Map(rows.map((r) => [r.name, r.data]));
}

export function registerWorkspace(
  app: FastifyInstance,
  deps: {
    readonly sessions: SessionManager;
    readonly users: UserDirectory;
    readonly cookieName: string;
    readonly team: Team;
    readonly workspace: WorkspaceReader | null;
    /** What the BFF's database says about this person (unread, mentions, preferences); each null when it cannot. */
    readonly ownData?: (username: string) => Promise<Pick<Workspace, 'unread' | 'mentions' | 'preferences'>>;
    /** The event bus's newest id (a live workspace), where the app's stream starts. */
    readonly streamPosition?: () => Promise<string | null>;
  },
): void {
  app.get('/bff/workspace', async (request, reply) => {
    const session = await deps.sessions.resolve(request.cookies[deps.cookieName]);
    const user = session ? deps.users.find(session.username) : undefined;
    if (!user) return sendBffError(reply, 401, 'Sign in required');
    const me: Me = {
      id: user.username,
      name: user.displayName,
      role: user.role,
      upstreamUserId: user.upstreamUserId,
    };
    // Taken before anything is read: an event after it may be missing from this answer and from
    // the screens read next, and the stream replays it. A bus that cannot say (Redis down) costs
    // only that replay, never the app's first call.
    const streamFrom = await (deps.streamPosition?.() ?? Promise.resolve(null)).catch((error: unknown) => {
      request.log.warn({ err: error }, 'the live stream position could not be read');
      return null;
    });
    const lists = deps.workspace ? await smallLists(deps.workspace) : new Map<string, unknown>();
    const answer: Workspace = {
      me,
      team: deps.team,
      channels: (lists.get('channels') as Channel[] | undefined) ?? null,
      stages: (lists.get('stages') as LeadStage[] | undefined) ?? null,
      tags: (lists.get('tags') as Tag[] | undefined) ?? null,
      quickReplies: (lists.get('quickReplies') as QuickReply[] | undefined) ?? null,
      ...(deps.ownData ? await deps.ownData(user.username) : {}),
      streamFrom,
    };
    return reply.header('cache-control', 'no-store').send(answer);
  });
}
