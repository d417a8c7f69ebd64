import type { FastifyBaseLogger } from 'fastify';
import type { Me, Team, Workspace } from '../../contract';
import type { WORKSPACE_ROUTES } from '../../contract/routes';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import { describeFailure } from '../store/store-errors';
import type { WorkspaceReader } from '../workspace/workspace-reader';

// `GET /bff/workspace` (src/contract/routes/workspace.ts): the app's first call after sign-in
// (src/contract/workspace.ts): who is signed in, the team and the small lists every screen uses,
// from the workspace tables (no upstream call). Without a live workspace, or before the sync read a
// list, that list is null. It also says where the live stream stood before it read anything
// (`streamFrom`), where the app's stream starts.

type SmallLists = Pick<Workspace, 'channels' | 'stages' | 'tags' | 'quickReplies'>;
const NO_LISTS: SmallLists = { channels: null, stages: null, tags: null, quickReplies: null };

/**
 * The lists the sync has read (null: not read yet). A database that cannot serve leaves them all
 * null, like one not read yet: each screen that needs one then asks for it, and the app still starts.
 */
async function smallLists(workspace: WorkspaceReader, log: FastifyBaseLogger): Promise<SmallLists> {
  try {
    const [channels, stages, tags, quickReplies] = await Promise.all([
      workspace.list('channels'),
      workspace.list('stages'),
      workspace.list('tags'),
      workspace.list('quickReplies'),
    ]);
    return { channels, stages, tags, quickReplies };
  } catch (error) {
    log.warn({ reason: describeFailure(error) }, 'workspace: lists not read');
    return NO_LISTS;
  }
}

type WorkspaceRouteId = Exclude<(typeof WORKSPACE_ROUTES)[number]['id'], 'workspace.reload'>;

export interface WorkspaceDeps {
  readonly team: Team;
  readonly workspace: WorkspaceReader | null;
  /** What the BFF's database says about this person (unread, mentions, preferences); each null when it cannot. */
  readonly ownData?: (username: string) => Promise<Pick<Workspace, 'unread' | 'mentions' | 'preferences'>>;
  /** The event bus's newest id (a live workspace), where the app's stream starts. */
  readonly streamPosition?: () => Promise<string | null>;
}

export function workspaceHandlers(deps: WorkspaceDeps): BffHandlers<WorkspaceRouteId> {
  return {
    'workspace.get': async ({ user, request }) => {
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
      const lists = deps.workspace ? await smallLists(deps.workspace, request.log) : NO_LISTS;
      const answer: Workspace = {
        me,
        team: deps.team,
        ...lists,
        ...(deps.ownData ? await deps.ownData(user.username) : {}),
        streamFrom,
      };
      return answer;
    },
  };
}
