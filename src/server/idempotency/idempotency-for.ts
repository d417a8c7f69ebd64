import type { FastifyBaseLogger } from 'fastify';
import type { Dispatcher } from 'undici';
import type { UpstreamConfig } from '../config';
import type { TeamStore } from '../store/open-store';
import { UpstreamClient } from '../upstream/upstream-client';
import { IdempotencyRepository } from './idempotency-repository';
import { IdempotentWrites } from './idempotent-writes';

// The proxy's keyed writes, wired: keys live in the team database, so without one (tests of other
// rooms) a key is ignored and the proxy forwards as before.

export interface IdempotencyDeps {
  readonly upstream: UpstreamConfig;
  readonly dispatcher: Dispatcher;
  readonly timeoutMs: number;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
}

/** `{ idempotency }` for the proxy's options, or nothing without a database. */
export function idempotencyFor(
  database: TeamStore | undefined,
  deps: IdempotencyDeps,
): { idempotency?: IdempotentWrites } {
  if (database === undefined) return {};
  const { upstream, dispatcher, timeoutMs, clock, log } = deps;
  return {
    idempotency: new IdempotentWrites({
      repository: new IdempotencyRepository(database.db),
      upstream: new UpstreamClient({ upstream, dispatcher, timeoutMs, log, clock }),
      dispatcher,
      apiKey: upstream.apiKey,
      tenantId: upstream.tenantId,
      timeoutMs,
      clock,
      log,
    }),
  };
}
