import type { FastifyRequest } from 'fastify';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, type SessionManager } from '../auth/sessions';
import type { UserDirectory } from '../auth/users';
import type { Store } from '../kv/store';

// Who holds a stream, and whether their session still lives. The stream authenticates like
// `/bff/me` (the session cookie), then checks the session on every heartbeat without touching it:
// an open tab that only listens is not activity, so the idle timeout still signs an away agent out.

export interface StreamUser {
  readonly username: string;
  /** The session's store key (a hash; never the cookie value). */
  readonly sessionKey: string;
}

export interface StreamAuth {
  authenticate(request: FastifyRequest): Promise<StreamUser | null>;
  sessionAlive(sessionKey: string): Promise<boolean>;
}

export function streamAuth(deps: {
  readonly sessions: SessionManager;
  readonly users: UserDirectory;
  readonly store: Store;
  readonly cookieName: string;
  readonly clock: () => number;
}): StreamAuth {
  return {
    async authenticate(request) {
      const session = await deps.sessions.resolve(request.cookies[deps.cookieName]);
      const user = session ? deps.users.find(session.username) : undefined;
      return session && user ? { username: user.username, sessionKey: session.key } : null;
    },
    async sessionAlive(sessionKey) {
      const data = await deps.store.getSession(sessionKey);
      if (data === null || deps.users.find(data.username) === undefined) return false;
      const now = deps.clock();
      return now - data.lastSeenAt < IDLE_TIMEOUT_MS && now - data.createdAt < ABSOLUTE_TIMEOUT_MS;
    },
  };
}
