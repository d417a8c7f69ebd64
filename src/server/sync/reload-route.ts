import type { FastifyInstance } from 'fastify';
import { loadedCollections } from './sync-queries';
import type { SessionManager } from '../auth/sessions';
import type { UserDirectory } from '../auth/users';
import { sendBffError, sendRetryLater } from '../bff-error';
import type { LiveService } from './live-service';

// `POST /bff/workspace/reload` (admins): the BFF reads the workspace
// again from the upstream, answering once the conversations, leads and stages are loaded. For an
// operator who restored or edited the upstream's data behind the API's back (the sync trusts
// `updated_at` never to go backwards), and for the end-to-end suite, whose fake upstream is reset
// to its seed before each test. Only the syncing instance can do it.

const LOADED_WITHIN_MS = 30_000;

export function registerReload(
  app: FastifyInstance,
  deps: {
    readonly live: LiveService;
    readonly sessions: SessionManager;
    readonly users: UserDirectory;
    readonly cookieName: string;
  },
): void {
  const { live } = deps;
  app.post('/bff/workspace/reload', async (request, reply) => {
    const session = await deps.sessions.resolve(request.cookies[deps.cookieName]);
    const user = session ? deps.users.find(session.username) : undefined;
    if (!user) return sendBffError(reply, 401, 'Sign in required');
    if (user.role !== 'admin') return sendBffError(reply, 403, 'Only an admin can reload the workspace');
    if (!live.lease.held)
      return sendBffError(reply, 409, 'This instance does not sync the workspace: another one does');
    await live.engine.reload();
    const until = Date.now() + LOADED_WITHIN_MS;
    const loaded = async () => {
      const done = await loadedCollections(live.workspace.db);
      return done.has('conversations') && done.has('leads') && (await live.workspace.list('stages')) !== null;
    };
    while (!(await loaded())) {
      if (Date.now() > until) return sendRetryLater(reply, 503, 2_000, 'The workspace is still loading');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    request.log.info({ user: user.username }, 'workspace reloaded');
    return reply.code(204).send();
  });
}
