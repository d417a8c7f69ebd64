import type { PRESENCE_ROUTES } from '../../contract/routes';
import { sendBffError } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { EventBus } from '../events/bus';
import { guarded } from '../store/store-errors';
import type { WorkspaceReader } from '../workspace/workspace-reader';

// `POST /bff/presence` (src/contract/routes/presence.ts): a browser says which thread it has open
// and whether its person is typing; the BFF passes it on the bus to every browser (on every
// instance). Nothing is kept: browsers forget a teammate who stops repeating it (PRESENCE_TTL_MS).
// Each person may tell at most MAX_PER_WINDOW times a second window, so a busy or hostile tab
// cannot flood the stream. A thread the workspace does not hold is a 404, as for notes and read
// marks: no browser is told about it.

const WINDOW_MS = 1_000;
const MAX_PER_WINDOW = 5;

type PresenceRouteId = (typeof PRESENCE_ROUTES)[number]['id'];

export function presenceHandlers(deps: {
  /** The live workspace's bus and tables; null without it (there is no one to tell). */
  readonly bus: EventBus | null;
  readonly workspace: WorkspaceReader | null;
  readonly clock: () => number;
}): BffHandlers<PresenceRouteId> {
  const recent = new Map<string, { windowStart: number; count: number }>();
  return {
    'presence.beat': async ({ user, body, reply }) => {
      const { conversationId, typing } = body;
      const { workspace } = deps;
      if (
        conversationId !== null &&
        workspace !== null &&
        (await guarded(() => workspace.conversation(conversationId))) === undefined
      )
        return sendBffError(reply, 404, 'Not in this workspace');
      const now = deps.clock();
      const seen = recent.get(user.username);
      if (seen && now - seen.windowStart < WINDOW_MS) {
        if (++seen.count > MAX_PER_WINDOW) return undefined;
      } else {
        recent.set(user.username, { windowStart: now, count: 1 });
      }
      await deps.bus?.publish([
        {
          event: {
            type: 'presence.changed',
            username: user.username,
            name: user.displayName,
            conversationId,
            typing,
          },
        },
      ]);
      return undefined;
    },
  };
}
