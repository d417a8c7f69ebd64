import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './build-server';

// What `npm start` runs: the BFF built to JavaScript, started with plain node and no configuration,
// serving the demo on the embedded fake upstream.

const root = join(import.meta.dirname, '..');
// Inside the repository, so the bundle's package imports resolve from its node_modules.
const outDir = join(root, 'dist-server', `test-${process.pid}`);
const outfile = join(outDir, 'main.js');

let child: ChildProcess | undefined;
let origin = '';
const output: string[] = [];

beforeAll(async () => {
  await buildServer(outDir);
  // Only what a shell gives any process: no upstream, key or tenant, so it runs the demo.
  child = spawn(process.execPath, ['--enable-source-maps', outfile], {
    cwd: root,
    env: {
      PATH: process.env['PATH'],
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  origin = await new Promise<string>((resolve, reject) => {
    child!.once('exit', (code) => reject(new Error(`the built server exited (${code}): ${output.join('')}`)));
    lines.on('line', (line) => {
      output.push(line);
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (listening?.[1]) resolve(listening[1]);
    });
  });
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(outDir, { recursive: true, force: true });
});

describe('the built server (dist-server/main.js under plain node)', () => {
  it('serves the demo: health, sign-in, a proxied read, and the role table', async () => {
    expect(await (await fetch(`${origin}/healthz`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);

    const login = await fetch(`${origin}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1', origin },
      body: JSON.stringify({ username: 'marco@acme.test', password: 'manager-demo-pass' }),
    });
    expect(login.status).toBe(204);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

    const leads = await fetch(`${origin}/api/crm/v1/leads?limit=2`, { headers: { cookie } });
    expect(leads.status).toBe(200);
    expect(((await leads.json()) as { data: unknown[] }).data).toHaveLength(2);

    // A manager may not change lead stages: the BFF refuses before the upstream sees it.
    const stages = (await (
      await fetch(`${origin}/api/crm/v1/lead-stages`, { headers: { cookie } })
    ).json()) as {
      id: string;
    }[];
    const refused = await fetch(`${origin}/api/crm/v1/lead-stages/${stages[0]!.id}`, {
      method: 'PATCH',
      headers: { cookie, origin, 'x-csrf': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed' }),
    });
    expect(refused.status).toBe(403);

    // The team's own data, in the embedded database's worker thread (a second file of the build).
    const preferences = await fetch(`${origin}/bff/me/preferences`, { headers: { cookie } });
    expect(preferences.status).toBe(200);
  });

  it('says it runs the demo and never prints the key', () => {
    const log = output.join('\n');
    expect(log).toContain('BFF listening in demo mode');
    expect(log).not.toContain('demo-admin-key');
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = once(child!, 'exit');
    child!.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
  });
});
