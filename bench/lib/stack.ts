import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';

/** Starts a process and waits until `url` answers; the benchmarks' way to run the real stack. */
export async function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  timeoutMs = 60_000,
): Promise<ChildProcess> {
  // Its own process group, so stopping it also stops what npx and tsx start under it.
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${command} ${args.join(' ')} exited with ${String(child.exitCode)}`);
    try {
      const response = await fetch(readyUrl);
      if (response.status < 500) return child;
    } catch {
      // Not listening yet.
    }
    await delay(200);
  }
  killGroup(child, 'SIGTERM');
  throw new Error(`${readyUrl} did not answer within ${String(timeoutMs)} ms`);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) {
      killGroup(child, 'SIGTERM');
      return resolve();
    }
    child.once('exit', () => {
      killGroup(child, 'SIGKILL');
      resolve();
    });
    killGroup(child, 'SIGTERM');
    setTimeout(() => killGroup(child, 'SIGKILL'), 5000).unref();
  });
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The fake upstream and the BFF on it, as in e2e, on the given ports and seed scale. */
export async function startStack(opts: {
  bffPort: number;
  upstreamPort: number;
  scale?: 'large';
  staticDir?: string;
  /** More settings for the BFF (sync intervals, for benchmarks that count calls). */
  bffEnv?: Record<string, string>;
  /** Runs once the fake listens and before the BFF starts (to add data its first read should see). */
  beforeBff?: (upstreamOrigin: string) => Promise<void>;
}) {
  const upstreamOrigin = `http://127.0.0.1:${String(opts.upstreamPort)}`;
  const upstream = await startProcess(
    'npx',
    ['tsx', 'mocks/main.ts'],
    { UPSTREAM_PORT: String(opts.upstreamPort), ...(opts.scale ? { SEED_SCALE: opts.scale } : {}) },
    `${upstreamOrigin}/__fake/clock`,
    120_000,
  );
  try {
    await opts.beforeBff?.(upstreamOrigin);
  } catch (error) {
    await stop(upstream);
    throw error;
  }
  const baseURL = `http://127.0.0.1:${String(opts.bffPort)}`;
  const bff = await startProcess(
    'npx',
    ['tsx', 'src/server/main.ts'],
    {
      PORT: String(opts.bffPort),
      SOCIAL_BASE_URL: `${upstreamOrigin}/social/api`,
      CRM_BASE_URL: `${upstreamOrigin}/crm/api`,
      API_KEY: 'demo-admin-key',
      TENANT_ID: '11111111-1111-4111-8111-111111111111',
      USERS_FILE: 'e2e/users.json',
      TEAM_FILE: 'e2e/team.json',
      STATIC_DIR: opts.staticDir ?? 'dist',
      LOG_LEVEL: 'warn',
      // The BFF's own database, fresh for each run (never ./data, which the demo or e2e may hold).
      DATA_DIR: mkdtempSync(join(tmpdir(), 'chatdesk-bench-data-')),
      ...opts.bffEnv,
    },
    `${baseURL}/healthz`,
  );
  return {
    baseURL,
    upstreamOrigin,
    /** The BFF's process group (npx, tsx and node under it), for measuring its memory. */
    bffGroup: bff.pid,
    async close() {
      await stop(bff);
      await stop(upstream);
    },
  };
}

/**
 * Signs a demo user in through the BFF and returns the session cookie as `name=value`, to send as
 * a request header (never printed).
 */
export async function sessionCookie(
  baseURL: string,
  username = 'ada@acme.test',
  password = 'admin-demo-pass',
): Promise<string> {
  const response = await fetch(`${baseURL}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: baseURL },
    body: JSON.stringify({ username, password }),
  });
  if (response.status !== 204) throw new Error(`sign-in answered ${String(response.status)}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/**
 * Waits until the BFF's read model holds the first inbox page whole (each row's messages read), as
 * it does for every user once the sync has caught up after a start. A page measured before that
 * shows a cold server: rows that read their own previews, which no later user sees.
 */
export async function waitForWarmInbox(baseURL: string, cookie: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseURL}/bff/screens/inbox?status=open&offset=0&limit=30`, {
      headers: { cookie },
    });
    if (response.ok) {
      const page = (await response.json()) as { rows: { loaded: boolean }[] };
      if (page.rows.length > 0 && page.rows.every((row) => row.loaded)) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the inbox was not warm within ${String(timeoutMs)} ms`);
}

/** Signs a Playwright page's context in as a demo user through the BFF. */
export async function signInPage(
  page: import('@playwright/test').Page,
  baseURL: string,
  username = 'ada@acme.test',
  password = 'admin-demo-pass',
) {
  const response = await page.request.post(`${baseURL}/auth/login`, {
    data: { username, password },
    headers: { 'x-csrf': '1', origin: baseURL },
  });
  if (!response.ok() && response.status() !== 404)
    throw new Error(`sign-in answered ${String(response.status())}`);
}
