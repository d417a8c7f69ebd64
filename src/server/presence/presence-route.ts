import type { FastifyInstance } from 'fastify';
import { PresenceBody, fieldErrors } from '../../contract';
import type { SessionManager } from '../auth/sessions';
import type { UserDirectory } from '../auth/users';
import { sendBffError } from '../bff-error';
import type { EventBus } from '../events/bus';
import { guarded } from '../store/store-errors';

// `POST /bff/presence`: a browser says which thread it has open and whether its person is typing;
// the BFF passes it on the bus to every browser (on every instance). Nothing is kept: browsers
// forget a teammate who stops repeating it (PRESENCE_TTL_MS). Each session may tell at most
// MAX_PER_WINDOW times a second window, so a busy or hostile tab cannot flood the stream. A thread
// the workspace does not hold is a 404, as for notes and read marks: no browser is told about it.

const WINDOW_MS = 1_000;
const MAX_PER_WINDOW = 5;

export function registerPresence(
  app: FastifyInstance,
  deps: {
    readonly sessions: SessionManager;
    readonly users: UserDirectory;
    readonly cookieName: string;
    readonly bus: EventBus | null;
    readonly clock: () => number;
  },
): void {
  const recent = new Map<string, { windowStart: number; count: number }>();
  app.post('/bff/presence', async (request, reply) => {
    const session = await deps.sessions.resolve(request.cookies[deps.cookieName]);
    const user = session ? deps.users.find(session.username) : undefined;
    if (!user) return sendBffError(reply, 401, 'Sign in required');
    request.bffUser = user;
    const parsed = PresenceBody.safeParse(request.body ?? {});
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    const { conversationId } = parsed.data;
    // The live workspace (decorated by registerLive); without it there is no bus to tell.
    const workspace = app.bffLive?.workspace ?? null;
    if (
      conversationId !== null &&
      workspace !== null &&
      (await guarded(() => workspace.conversation(conversationId))) === undefined
    )
      return sendBffError(reply, 404, 'Not in this workspace');
    const now = deps.clock();
    const seen = recent.get(user.username);
    if (seen && now - seen.windowStart < WINDOW_MS) {
      if (++seen.count > MAX_PER_WINDOW) return reply.code(204).send();
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
          typing: parsed.data.typing,
        },
      },
    ]);
    return reply.code(204).send();
  });
}
