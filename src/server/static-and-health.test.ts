import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEAM, parseTeam, TeamFileError } from './team';
import { startRecordingUpstream, type RecordingUpstream } from './testing/recording-upstream';
import { buildTestApp } from './testing/test-app';
import { WORKSPACE_PRELOAD, threadPreload } from './static-files';
import { sameOriginHeaders, signIn, TEST_USERS } from './testing/test-users';

let upstream: RecordingUpstream;
let app: FastifyInstance;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bff-static-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // The build's compressed copies (vite-plugin-compression2).
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync('<!doctype html><title>app</title>'));
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  upstream = await startRecordingUpstream();
  app = await buildTestApp(upstream, { env: { STATIC_DIR: dir }, team: DEMO_TEAM });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the SPA', () => {
  it('serves index.html at / without long caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>app</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('asks a signed-in browser to fetch the workspace while it loads the scripts, except on sign-in, and no one else', async () => {
    const cookie = await signIn(app, 'agent');
    for (const url of ['/', '/inbox?status=open']) {
      const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie } });
      expect(page.statusCode).toBe(200);
      expect(page.headers.link).toBe(WORKSPACE_PRELOAD);
    }
    const signInPage = await app.inject({
      method: 'GET',
      url: '/sign-in',
      headers: { accept: 'text/html', cookie },
    });
    expect(signInPage.headers.link).toBeUndefined();
    const signedOut = await app.inject({ method: 'GET', url: '/inbox', headers: { accept: 'text/html' } });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.headers.link).toBeUndefined();
    // The preloaded URL is the workspace read itself, which answers that session.
    const workspace = await app.inject({ method: 'GET', url: '/bff/workspace', headers: { cookie } });
    expect(workspace.statusCode).toBe(200);
  });

  it("asks for an opened thread's screen read alongside, for a thread id only", async () => {
    const cookie = await signIn(app, 'agent');
    const id = '0b5e8f2a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
    const thread = await app.inject({
      method: 'GET',
      url: `/inbox/${id}`,
      headers: { accept: 'text/html', cookie },
    });
    expect(thread.headers.link).toBe(`${WORKSPACE_PRELOAD}, ${threadPreload(id)}`);
    expect(threadPreload(id)).toBe(`</bff/screens/thread?id=${id}>; rel=preload; as=fetch; crossorigin`);
    for (const url of ['/inbox/new', '/inbox/not-an-id%3E%2C%20%3C%2Fevil%3E', `/inbox/${id}/more`]) {
      const other = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie } });
      expect(other.headers.link).toBe(WORKSPACE_PRELOAD);
    }
  });

  it('caches fingerprinted assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it("sends the build's compressed copy the browser accepts, and the plain file to others", async () => {
    const url = '/assets/index-abc123.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    const page = await app.inject({
      method: 'GET',
      url: '/inbox',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for an unknown page that accepts HTML', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/leads/board?x=1',
      headers: { accept: 'text/html,*/*' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>app</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/api/nothing', '/api/crm/v1/nope', '/bff/nothing', '/auth/nothing', '/assets/missing.js'])(
    'never falls back for %s',
    async (url) => {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { accept: url.startsWith('/assets') ? '*/*' : 'text/html' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['x-bff-error']).toBe('1');
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    },
  );

  it('does not fall back for a POST', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/leads',
      headers: { ...sameOriginHeaders, accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('health', () => {
  it('says it is alive', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('team', () => {
  it('serves the users, then the rest of the roster, and the AI agents, to a signed-in user', async () => {
    expect((await app.inject({ method: 'GET', url: '/bff/team' })).statusCode).toBe(401);
    const cookie = await signIn(app, 'agent');
    const team = await app.inject({ method: 'GET', url: '/bff/team', headers: { cookie } });
    const body = team.json<{ members: { id: string; name: string }[]; aiAgents: unknown[] }>();
    expect(body.aiAgents).toEqual(DEMO_TEAM.aiAgents);
    // The three test users share the first three roster ids; Sam and Lee come from the roster.
    expect(body.members.map((m) => m.name)).toEqual([
      'Test agent',
      'Test manager',
      'Test admin',
      'Sam Support',
      'Lee Sales',
    ]);
  });

  it('says who I am', async () => {
    expect((await app.inject({ method: 'GET', url: '/bff/me' })).statusCode).toBe(401);
    const cookie = await signIn(app, 'manager');
    const me = await app.inject({ method: 'GET', url: '/bff/me', headers: { cookie } });
    expect(me.json()).toEqual({
      id: TEST_USERS.manager.username,
      name: 'Test manager',
      role: 'manager',
      upstreamUserId: TEST_USERS.manager.upstreamUserId,
    });
  });

  it('validates a team file', () => {
    const id = 'a0000000-0000-4000-8000-000000000009';
    expect(parseTeam({ members: [{ id, name: 'Zoe' }] })).toEqual({
      members: [{ id, name: 'Zoe' }],
      aiAgents: [],
      defaultMemberId: id,
    });
    expect(() => parseTeam({ members: [{ id: 'nope', name: 'Zoe' }] })).toThrow(TeamFileError);
    expect(() =>
      parseTeam({ members: [{ id, name: 'Zoe' }], defaultMemberId: 'a0000000-0000-4000-8000-000000000001' }),
    ).toThrow(/defaultMemberId/);
  });
});
