import type { FastifyBaseLogger } from 'fastify';
import type { TeamStore } from './open-store';

/** The database's part of /readyz: not ready while it does not answer. Logged when it changes,
 *  not at every probe (anyone may call /readyz as often as they like). */
export function storeReadiness(store: TeamStore, log: FastifyBaseLogger): () => Promise<boolean> {
  let wasOk = true;
  return async () => {
    const ok = await store.isHealthy();
    if (ok !== wasOk) {
      wasOk = ok;
      if (ok) log.info('readiness: team database answering again');
      else log.warn('readiness: team database not answering');
    }
    return ok;
  };
}
