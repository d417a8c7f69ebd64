import type { FastifyInstance } from 'fastify';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { MessageAuthors, Role } from '@/contract';
import { createFake, DEFAULT_ORIGIN } from '../../mocks/fake';
import { createUpstreamHandlers } from '../../mocks/handlers';
import { ACME_TENANT } from '../../mocks/team';
import { buildApp } from '../server/app';
import { recordAuthors } from '../server/authors/message-authors';
import { DEMO_USERS, demoUserDirectory } from '../server/auth/users';
import { parseConfig } from '../server/config';
import { openStore, type TeamStore } from '../server/store/open-store';
import type { Timers } from '../server/sync/sync-worker';
import { DEMO_TEAM } from '../server/team';
import type { WorkspaceDb } from '../server/workspace/workspace-writer';
import { browserTransport, type BrowserTransport } from './browser-transport';
import { FakeDispatcher } from './fake-dispatcher';
import { loadWorkspaceFromFake } from './live-workspace';
import { installEventSource, listenForStream, type InstalledStream } from './live-stream';
import { SeedTables } from './seed-tables';

// Component tests run the real BFF (src/server/app.ts) on the fake upstream, as the demo does:
// jsdom fetch -> msw -> the BFF (app.inject) -> the fake's handlers (in process, fake-dispatcher.ts).
// One fake, one BFF and one msw server per test file; the fake, the cookies and any msw override
// reset after each test. A file that asks for the live stream (`stream: true`) also gets the BFF's
// `GET /bff/events` over a loopback port and a real EventSource in the page (src/test/live-stream.ts).

export { AI_AGENTS, TEAM_MEMBERS } from '../../mocks/team';

/** jsdom's origin: the page and the BFF share it, as in the browser. */
export const BFF_ORIGIN = 'http://localhost:3000';

/** The fake upstream's state, ready from import time (seeded lazily, reset after each test). */
export const fake = createFake();

/** Page-level overrides (`server.use`) are for what the BFF cannot be made to do, e.g. a dropped network. */
export const server = setupServer();

let transport: BrowserTransport | undefined;
let bffApp: FastifyInstance | undefined;
let liveApp: FastifyInstance | undefined;
/** Set while the file's BFF runs its sync by hand and serves the stream (`stream: true`). */
let streamApp: FastifyInstance | undefined;

/**
 * The sync's timers when a test runs it: none ever fires. The sync itself is the production one (its
 * lease held, its engine started, so what it reads is published), but a cycle runs only when a test
 * asks (syncNow): at no cost to tests that never ask, and at a moment the test chooses.
 */
const SYNC_BY_HAND: Timers = { setTimeout: () => null, clearTimeout: () => undefined };

/**
 * Runs one of the BFF's sync tasks now, as its timer would: by default the hot read (the newest
 * conversations, then the pages of the threads that moved), or a sweep by name ('stages', 'leads'…,
 * src/server/sync/sweep-tasks.ts). What it finds changed is written to the workspace tables and
 * published on the bus, so it reaches every open stream.
 */
export async function syncNow(task = 'hot'): Promise<void> {
  const live = streamApp?.bffLive;
  if (!live) throw new Error('syncNow needs withBff({ stream: true }) in the test file');
  await live.engine.runTask(task);
}

/**
 * Waits until a page holds the BFF's live stream open (the app shell opens it once it mounts; the
 * socket and the session's check take a moment more), so what is published next reaches it.
 */
export async function streamOpen(): Promise<void> {
  const live = streamApp?.bffLive;
  if (!live) throw new Error('streamOpen needs withBff({ stream: true }) in the test file');
  await vi.waitFor(
    () => {
      if (live.hub.size === 0) throw new Error('no page has the live stream open');
    },
    { timeout: 5_000, interval: 20 },
  );
}

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
  await signInThrough(transport, role);
}

/** A teammate's browser beside the page's: its own cookie jar, on the same BFF. */
export interface TeammateBrowser {
  /** A state-changing call as that teammate's page makes it (JSON body, X-CSRF, same origin). */
  post(path: string, body: unknown): Promise<void>;
  put(path: string, body: unknown): Promise<void>;
}

/**
 * Signs a teammate in (the demo user of this role) in a browser of their own, so a test can have
 * them do what the page then hears of on its live stream (say which thread they have open).
 */
export async function teammateBrowser(role: Role): Promise<TeammateBrowser> {
  if (!bffApp) throw new Error('teammateBrowser needs withBff() in the test file');
  const theirs = browserTransport(bffApp, BFF_ORIGIN);
  await signInThrough(theirs, role);
  const change = async (method: 'POST' | 'PUT', path: string, body: unknown) => {
    const res = await theirs.send(
      new Request(`${BFF_ORIGIN}${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf': '1' },
        body: JSON.stringify(body),
      }),
    );
    if (!res.ok)
      throw new Error(`${method} ${path} as ${role} failed with ${res.status}: ${await res.text()}`);
  };
  return {
    post: (path, body) => change('POST', path, body),
    put: (path, body) => change('PUT', path, body),
  };
}

async function signInThrough(through: BrowserTransport, role: Role): Promise<void> {
  const user = DEMO_USERS.find((u) => u.role === role)!;
  const res = await through.send(
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
  /**
   * The live stream, end to end (implies `live`): the page gets a real EventSource on the BFF's
   * `GET /bff/events`, and the BFF runs its own sync, one cycle whenever the test asks (syncNow,
   * deliverInbound in src/test/live-inbound.ts), so the page learns what the sync publishes.
   */
  stream?: boolean;
}

/**
 * Builds the BFF on the fake upstream for this file, with the demo's users and roster; unhandled
 * requests are errors. Signs in as `as` (an admin by default) before each test.
 */
export function withBff({
  as = 'admin',
  resetAfterEach = true,
  live: liveAsked = false,
  database = false,
  upstreamTimeoutMs,
  stream = false,
}: BffOptions = {}): void {
  // The stream is the live workspace's: it needs the tables and the sync that feed it.
  const live = liveAsked || stream;
  let app: FastifyInstance | undefined;
  let store: TeamStore | undefined;
  let eventSource: InstalledStream | undefined;
  beforeAll(async () => {
    if (database) store = await openStore({ kind: 'pglite', dataDir: null });
    const config = parseConfig({
      LOG_LEVEL: 'silent',
      STATIC_DIR: '/nonexistent-static-dir',
      ...(upstreamTimeoutMs !== undefined ? { UPSTREAM_TIMEOUT_MS: String(upstreamTimeoutMs) } : {}),
      // The search index's back-fill is the other reader that runs on a timer while the lease is
      // held: off, so with the stream nothing reads the fake but the page and the cycles a test asks for.
      ...(stream ? { SEARCH_BACKFILL_EVERY_MS: '0' } : {}),
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
      // loadWorkspaceFromFake stands in for the sync's first read. Without the stream the BFF syncs
      // nothing; with it, its sync runs a cycle when the test asks (and never on its own).
      ...(live ? { live: stream ? { timers: SYNC_BY_HAND } : { sync: false } } : {}),
      ...(store ? { database: store } : {}),
    });
    transport = browserTransport(app, BFF_ORIGIN);
    bffApp = app;
    // The forwarding handler is the server's own, so a reset after each test keeps it.
    server.resetHandlers(transport.handler);
    server.listen({ onUnhandledRequest: 'error' });
    if (stream) {
      const jar = transport;
      eventSource = installEventSource({
        pageOrigin: BFF_ORIGIN,
        listening: await listenForStream(app),
        cookies: () => jar.cookieHeader(),
      });
      streamApp = app;
    }
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
    // Sources a page left open first, or closing the app would end their streams and they would
    // try to reconnect to it.
    await eventSource?.uninstall();
    streamApp = undefined;
    server.close();
    await app?.close();
    await store?.close();
    transport = undefined;
    bffApp = undefined;
  });
}
