import type { FastifyInstance } from 'fastify';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { MessageAuthors, Role } from '@/contract';
import { createFake, DEFAULT_ORIGIN } from '../../mocks/fake';
import { createUpstreamHandlers } from '../../mocks/handlers';
import { ACME_TENANT } from '../../mocks/team';
import { buildApp } from '../server/app';
import { recordAuthors } from '../server/authors/message-authors';
import { DEMO_USERS, demoUserDirectory } from '../server/auth/users';
import { parseConfig } from '../server/config';
import { openStore, type TeamStore } from '../server/store/open-store';
import { DEMO_TEAM } from '../server/team';
import type { WorkspaceDb } from '../server/workspace/workspace-writer';
import { browserTransport, type BrowserTransport } from './browser-transport';
import { FakeDispatcher } from './fake-dispatcher';
import { loadWorkspaceFromFake } from './live-workspace';
import { SeedTables } from './seed-tables';

// Component tests run the real BFF (src/server/app.ts) on the fake upstream, as the demo does:
// jsdom fetch -> msw -> the BFF (app.inject) -> the fake's handlers (in process, fake-dispatcher.ts).
// One fake, one BFF and one msw server per test file; the fake, the cookies and any msw override
// reset after each test.

export { AI_AGENTS, TEAM_MEMBERS } from '../../mocks/team';

/** jsdom's origin: the page and the BFF share it, as in the browser. */
export const BFF_ORIGIN = 'http://localhost:3000';

/** The fake upstream's state, ready from import time (seeded lazily, reset after each test). */
export const fake = createFake();

/** Page-level overrides (`server.use`) are for what the BFF cannot be made to do, e.g. a dropped network. */
export const server = setupServer();

let transport: BrowserTransport | undefined;
let liveApp: FastifyInstance | undefined;

/**
 * Reads the fake into the live BFF's workspace tables again, as its sync would after a change made behind its
 * back (a test that edits the fake's data directly).
 */
export async function reloadLiveWorkspace(): Promise<void> {
  if (!liveApp) throw new Error('reloadLiveWorkspace needs withBff({ live: true }) in the test file');
  await loadWorkspaceFromFake(liveApp, fake);
}

/** Who on the team sent these messages, as the live BFF records a send made through it. */
export async function recordMessageAuthors(conversationId: string, authors: MessageAuthors): Promise<void> {
  await recordAuthors(liveWorkspaceDb(), conversationId, authors);
}

/** The live BFF's workspace tables, for a test that sets up what its sync has not read yet. */
export function liveWorkspaceDb(): WorkspaceDb {
  const db = liveApp?.bffLive?.workspace.db;
  if (!db) throw new Error('liveWorkspaceDb needs withBff({ live: true }) in the test file');
  return db;
}

/** Signs in through POST /auth/login as the demo user of this role (Ana, Marco or Ada). */
export async function signInAs(role: Role): Promise<void> {
  if (!transport) throw new Error('signInAs needs withBff() in the test file');
  const user = DEMO_USERS.find((u) => u.role === role)!;
  const res = await transport.send(
    new Request(`${BFF_ORIGIN}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1' },
      body: JSON.stringify({ username: user.username, password: user.password }),
    }),
  );
  if (res.status !== 204)
    throw new Error(`sign-in as ${role} failed with ${res.status}: ${await res.text()}`);
}

/** Forgets the session, as a browser that never signed in. */
export function signOut(): void {
  transport?.clearCookies();
}

export interface BffOptions {
  /** Who is signed in before each test (`null`: nobody); a test may sign in as another role. */
  as?: Role | null;
  /** False leaves the fake's reset to the file, for tests that change nothing and share one seed. */
  resetAfterEach?: boolean;
  /** The BFF's live workspace (screen reads, write-through), its model loaded from the fake before each test. */
  live?: boolean;
  /** The BFF's own database (an in-memory PGlite, kept for the whole file): the audit log and the team's data. */
  database?: boolean;
  /** UPSTREAM_TIMEOUT_MS, small for a test of an upstream slower than the BFF waits. */
  upstreamTimeoutMs?: number;
}

/**
 * Builds the BFF on the fake upstream for this file, with the demo's users and roster; unhandled
 * requests are errors. Signs in as `as` (an admin by default) before each test.
 */
export function withBff({
  as = 'admin',
  resetAfterEach = true,
  live = false,
  database = false,
  upstreamTimeoutMs,
}: BffOptions = {}): void {
  let app: FastifyInstance | undefined;
  let store: TeamStore | undefined;
  beforeAll(async () => {
    if (database) store = await openStore({ kind: 'pglite', dataDir: null });
    const config = parseConfig({
      LOG_LEVEL: 'silent',
      STATIC_DIR: '/nonexistent-static-dir',
      ...(upstreamTimeoutMs !== undefined ? { UPSTREAM_TIMEOUT_MS: String(upstreamTimeoutMs) } : {}),
    });
    app = await buildApp({
      config,
      // The demo's upstream: the fake's Acme workspace with its full-access key (mocks/README.md).
      upstream: {
        socialBaseUrl: `${DEFAULT_ORIGIN}/social/api`,
        crmBaseUrl: `${DEFAULT_ORIGIN}/crm/api`,
        apiKey: 'demo-admin-key',
        tenantId: ACME_TENANT,
      },
      dispatcher: new FakeDispatcher(createUpstreamHandlers(fake, { origin: DEFAULT_ORIGIN })),
      team: DEMO_TEAM,
      users: await demoUserDirectory(),
      // No sync of its own: loadWorkspaceFromFake stands in for its first read.
      ...(live ? { live: { sync: false } } : {}),
      ...(store ? { database: store } : {}),
    });
    transport = browserTransport(app, BFF_ORIGIN);
    // The forwarding handler is the server's own, so a reset after each test keeps it.
    server.resetHandlers(transport.handler);
    server.listen({ onUnhandledRequest: 'error' });
  });
  if (as !== null) beforeEach(() => signInAs(as));
  // Loading the tables costs most of a component test (about a second on PGlite). Tests start on
  // the fake's seed (it is reset after each), so the tables loaded from it are kept: left as they
  // are when a test wrote nothing to them, copied back when it did (src/test/seed-tables.ts).
  const seeded = new SeedTables();
  if (live)
    beforeEach(async () => {
      liveApp = app;
      const db = app!.bffLive!.workspace.db;
      if (!fake.untouchedSeed()) return seeded.loadFrom(db, () => loadWorkspaceFromFake(app!, fake), false);
      if (await seeded.restore(db)) return;
      await seeded.loadFrom(db, () => loadWorkspaceFromFake(app!, fake), true);
    });
  afterEach(() => {
    // Overrides are per test.
    server.resetHandlers();
    signOut();
    if (resetAfterEach) fake.reset();
  });
  afterAll(async () => {
    server.close();
    await app?.close();
    await store?.close();
    transport = undefined;
  });
}
