import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startRecordingUpstream, type RecordingUpstream } from './recording-upstream';
import { expectNoSecrets } from './secrets';
import { buildTestApp, LogCapture } from './test-app';
import { sameOriginHeaders } from './test-users';

// The set-up the session and sign-in tests share: apps whose clock the test moves, closed after
// each test, on one recording upstream; every cookie a test saw is checked to be absent from the
// logs at the end of the file.

export interface SessionHarness {
  /** An app whose clock the test moves. */
  appWithClock(env?: Record<string, string>): Promise<{ app: FastifyInstance; advance(ms: number): void }>;
  me(app: FastifyInstance, cookie: string): Promise<LightMyRequestResponse>;
  login(
    app: FastifyInstance,
    username: string,
    password: string,
    ip?: string,
  ): Promise<LightMyRequestResponse>;
  /** Remembers a session cookie, so the end of the file can check no log line holds it. */
  track(cookie: Promise<string>): Promise<string>;
  /** Remembers a cookie (`name=value`) read from an answer. */
  seen(cookie: string): void;
  /** Every cookie remembered so far. */
  cookies(): readonly string[];
  /** The recording upstream every app of the file forwards to. */
  upstream(): RecordingUpstream;
  /** Closes an app the test built itself after the test. */
  closeAfter(app: FastifyInstance): void;
}

export function sessionHarness(): SessionHarness {
  let upstream: RecordingUpstream;
  const logs = new LogCapture();
  const seenCookies: string[] = [];
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    upstream = await startRecordingUpstream();
  });
  afterEach(async () => {
    while (apps.length) await apps.pop()!.close();
  });
  afterAll(async () => {
    await upstream.close();
    expectNoSecrets(logs.text(), seenCookies);
  });
  return {
    async appWithClock(env = {}) {
      let now = Date.UTC(2026, 0, 5, 9, 0, 0);
      const app = await buildTestApp(upstream, { logs, clock: () => now, env });
      apps.push(app);
      return { app, advance: (ms) => (now += ms) };
    },
    me: (app, cookie) => app.inject({ method: 'GET', url: '/bff/me', headers: { cookie } }),
    login: (app, username, password, ip = '10.0.0.1') => {
      const request: InjectOptions = {
        method: 'POST',
        url: '/auth/login',
        headers: sameOriginHeaders,
        payload: { username, password },
        remoteAddress: ip,
      };
      return app.inject(request);
    },
    async track(cookie) {
      const c = await cookie;
      seenCookies.push(c);
      return c;
    },
    seen: (cookie) => void seenCookies.push(cookie),
    cookies: () => seenCookies,
    upstream: () => upstream,
    closeAfter: (app) => void apps.push(app),
  };
}
