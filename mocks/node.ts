import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createFake } from './fake';
import { createUpstreamHandlers } from './handlers';

export const UPSTREAM_ORIGIN = 'http://127.0.0.1:4010';
export const SOCIAL_BASE = `${UPSTREAM_ORIGIN}/social/api`;
export const CRM_BASE = `${UPSTREAM_ORIGIN}/crm/api`;

/** One fake for the whole test file; reset to the seed after every test. */
export const fake = createFake();

export const server = setupServer(...createUpstreamHandlers(fake, { origin: UPSTREAM_ORIGIN }));

/**
 * Listens for the whole file (unhandled requests are errors) and resets handlers and the fake after
 * every test. `resetAfterEach: false` leaves the fake's reset to the file, for a block of tests that
 * change nothing and can share one seed.
 */
export function useFakeServer({ resetAfterEach = true }: { resetAfterEach?: boolean } = {}): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    if (resetAfterEach) fake.reset();
  });
  afterAll(() => server.close());
}
