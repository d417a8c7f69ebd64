import type { WORKSPACE_ROUTES } from '../../contract/routes';
import { sendBffError, sendRetryLater } from '../bff-error';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { LiveService } from './live-service';
import { loadedCollections } from './sync-queries';

// `POST /bff/workspace/reload` (admins: src/contract/roles.ts): the BFF reads the workspace
// again from the upstream, answering once the conversations, leads and stages are loaded. For an
// operator who restored or edited the upstream's data behind the API's back (the sync trusts
// `updated_at` never to go backwards), and for the end-to-end suite, whose fake upstream is reset
// to its seed before each test. Only the syncing instance can do it.

const LOADED_WITHIN_MS = 30_000;

export function reloadHandlers(deps: {
  readonly live: LiveService;
}): BffHandlers<Extract<(typeof WORKSPACE_ROUTES)[number]['id'], 'workspace.reload'>> {
  const { live } = deps;
  return {
    'workspace.reload': async ({ user, request, reply }) => {
      if (!live.lease.held)
        return sendBffError(reply, 409, 'This instance does not sync the workspace: another one does');
      await live.engine.reload();
      const until = Date.now() + LOADED_WITHIN_MS;
      const loaded = async () => {
        const done = await loadedCollections(live.workspace.db);
        return (
          done.has('conversations') && done.has('leads') && (await live.workspace.list('stages')) !== null
        );
      };
      while (!(await loaded())) {
        if (Date.now() > until) return sendRetryLater(reply, 503, 2_000, 'The workspace is still loading');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      request.log.info({ user: user.username }, 'workspace reloaded');
      return undefined;
    },
  };
}
