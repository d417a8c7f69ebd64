import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startRecordingUpstream, type RecordingUpstream } from './recording-upstream';
import { buildTestApp, LogCapture } from './test-app';
import { sameOriginHeaders, signIn } from './test-users';

// The set-up the proxy's suites share: one recording upstream per file, and before each test a
// fresh app with its own log capture and a signed-in admin.

export interface ProxyHarness {
  upstream(): RecordingUpstream;
  app(): FastifyInstance;
  logs(): LogCapture;
  /** The signed-in admin's session cookie. */
  cookie(): string;
  /** A signed-in admin's same-origin call (the role and CSRF rules have their own suite). */
  call(opts: InjectOptions, on?: FastifyInstance, withCookie?: string): Promise<LightMyRequestResponse>;
}

export function proxyHarness(): ProxyHarness {
  let upstream: RecordingUpstream;
  let app: FastifyInstance;
  let logs: LogCapture;
  let cookie: string;
  beforeAll(async () => {
    upstream = await startRecordingUpstream();
  });
  afterAll(async () => {
    await upstream.close();
  });
  beforeEach(async () => {
    upstream.requests.length = 0;
    logs = new LogCapture();
    app = await buildTestApp(upstream, { logs });
    cookie = await signIn(app, 'admin');
  });
  afterEach(async () => {
    await app.close();
  });
  return {
    upstream: () => upstream,
    app: () => app,
    logs: () => logs,
    cookie: () => cookie,
    call: (opts, on = app, withCookie = cookie) =>
      on.inject({ ...opts, headers: { ...sameOriginHeaders, cookie: withCookie, ...opts.headers } }),
  };
}
