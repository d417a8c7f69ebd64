import { request } from 'node:http';
import { pathToFileURL } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { sessionCookie, startProcess, stop } from './lib/stack';

// What the BFF costs the upstream per minute with 1, 10 and 100 agents connected, on the demo's
// traffic (chatter: an inbound message every 4 s). Each agent signs in (its own session), opens the
// live stream and the screens it would open: the thread list, a thread (conversation + newest
// messages), the lead stages and every board column, through the proxy. Calls are counted at the
// fake (GET /__fake/stats) over a steady window after everyone has settled. Nothing may poll per
// viewer: budget calls(100) <= 1.1 x calls(1).

const WINDOW_S = Number(process.env.LIVE_CALLS_WINDOW_S ?? 60);
const SETTLE_S = 5;
const WARM_UP_S = 25;
const AGENTS = [1, 10, 100] as const;
export const BUDGET_RATIO = 1.1;
const BFF_PORT = Number(process.env.BENCH_BFF_PORT ?? 8193);
const UPSTREAM_PORT = Number(process.env.BENCH_UPSTREAM_PORT ?? 4193);
const PASSWORDS: Record<string, string> = {
  'ana@acme.test': 'agent-demo-pass',
  'marco@acme.test': 'manager-demo-pass',
  'ada@acme.test': 'admin-demo-pass',
};

interface Stats {
  total: number;
  byRoute: Record<string, number>;
}

interface Agent {
  readonly cookie: string;
  events: number;
  close(): void;
}

const base = `http://127.0.0.1:${BFF_PORT}`;
const upstream = `http://127.0.0.1:${UPSTREAM_PORT}`;

const stats = async (): Promise<Stats> => (await (await fetch(`${upstream}/__fake/stats`)).json()) as Stats;

const signIn = (username: string): Promise<string> => sessionCookie(base, username, PASSWORDS[username]!);

/** The live stream, read until closed; counts the events it brings. */
function openStream(cookie: string): Promise<Agent> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/bff/events`, { headers: { cookie, accept: 'text/event-stream' } });
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      const agent: Agent = { cookie, events: 0, close: () => req.destroy() };
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const frames = buffer.split('\n\n');
        buffer = frames.pop() ?? '';
        for (const frame of frames) if (/(^|\n)data: /.test(frame)) agent.events += 1;
      });
      res.on('error', () => undefined);
      resolve(agent);
    });
    req.end();
  });
}

async function get<T>(cookie: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The reads an agent's screens make when it opens them (inbox, a thread, the board). */
async function openScreens(cookie: string): Promise<void> {
  const list = await get<{ data: { id: string }[] }>(cookie, '/api/social/v1/conversations?limit=30');
  const thread = list.data[0]!.id;
  await get(cookie, `/api/social/v1/conversations/${thread}`);
  await get(cookie, `/api/social/v1/conversations/${thread}/messages?limit=20`);
  const stages = await get<{ key: string }[]>(cookie, '/api/crm/v1/lead-stages');
  await Promise.all(
    stages.map((s) => get(cookie, `/api/crm/v1/leads?status=${encodeURIComponent(s.key)}&limit=100`)),
  );
}

export interface LiveCallsFigures {
  readonly windowS: number;
  /** Upstream calls per minute in the steady window, by number of agents. */
  readonly callsPerMinute: Record<string, number>;
  readonly byRoute: Record<string, Record<string, number>>;
  /** Calls made while the agents opened their screens (outside the windows). */
  readonly openingCalls: Record<string, number>;
  /** Events the agents' streams received during each window, all agents together. */
  readonly eventsReceived: Record<string, number>;
  readonly ratio: number;
  readonly pass: boolean;
}

export async function measure(): Promise<LiveCallsFigures> {
  const fake = await startProcess(
    'npx',
    ['tsx', 'mocks/main.ts'],
    { UPSTREAM_PORT: String(UPSTREAM_PORT), FAKE_CHATTER: '1' },
    `${upstream}/__fake/clock`,
    120_000,
  );
  // The slower sweeps every 60 s (defaults: leads 120 s, customers 300 s, templates 600 s), so every
  // window holds exactly one of each and windows compare; docs/live-sync.md gives the default cost.
  const bff = await startProcess(
    'npx',
    ['tsx', 'src/server/main.ts'],
    {
      PORT: String(BFF_PORT),
      SOCIAL_BASE_URL: `${upstream}/social/api`,
      CRM_BASE_URL: `${upstream}/crm/api`,
      API_KEY: 'demo-admin-key',
      TENANT_ID: '11111111-1111-4111-8111-111111111111',
      USERS_FILE: 'e2e/users.json',
      TEAM_FILE: 'e2e/team.json',
      STATIC_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
      LOGIN_ATTEMPTS_PER_ACCOUNT: '1000',
      SYNC_LEAD_SWEEP_MS: '60000',
      SYNC_CUSTOMER_SWEEP_MS: '60000',
      SYNC_TEMPLATE_SWEEP_MS: '60000',
      // The search index's one-off read of older history (a page every 2 s until every thread is
      // read) is not the sync's steady cost that this measures; it is the same for 1 or 100 agents.
      SEARCH_BACKFILL_EVERY_MS: '0',
    },
    `${base}/healthz`,
  );
  const agents: Agent[] = [];
  try {
    // The first load and the back-fills (thread pages, and each lead's activities for its
    // follow-up flag) happen once, before any window: wait until thread pages are read only as
    // chatter moves threads and activities at their paced rate (one lead every 4 s).
    await delay(WARM_UP_S * 1000);
    const backFills = ['messages.list', 'activities.byLead'];
    for (let i = 0; i < 36; i++) {
      const a = await stats();
      await delay(5000);
      const b = await stats();
      if (backFills.every((route) => (b.byRoute[route] ?? 0) - (a.byRoute[route] ?? 0) <= 4)) break;
    }
    const figures = { callsPerMinute: {}, byRoute: {}, openingCalls: {}, eventsReceived: {} } as Pick<
      LiveCallsFigures,
      'callsPerMinute' | 'byRoute' | 'openingCalls' | 'eventsReceived'
    >;
    const users = Object.keys(PASSWORDS);
    for (const n of AGENTS) {
      const before = await stats();
      while (agents.length < n) {
        const batch = Math.min(10, n - agents.length);
        await Promise.all(
          Array.from({ length: batch }, async (_, i) => {
            const cookie = await signIn(users[(agents.length + i) % users.length]!);
            const agent = await openStream(cookie);
            await openScreens(cookie);
            agents.push(agent);
          }),
        );
      }
      figures.openingCalls[n] = (await stats()).total - before.total;
      await delay(SETTLE_S * 1000);
      const start = await stats();
      const eventsBefore = agents.reduce((sum, a) => sum + a.events, 0);
      await delay(WINDOW_S * 1000);
      const end = await stats();
      figures.callsPerMinute[n] = Math.round(((end.total - start.total) * 60) / WINDOW_S);
      figures.byRoute[n] = Object.fromEntries(
        Object.entries(end.byRoute)
          .map(([route, count]) => [route, count - (start.byRoute[route] ?? 0)] as const)
          .filter(([, count]) => count > 0),
      );
      figures.eventsReceived[n] = agents.reduce((sum, a) => sum + a.events, 0) - eventsBefore;
    }
    const ratio = figures.callsPerMinute[100]! / figures.callsPerMinute[1]!;
    return { windowS: WINDOW_S, ...figures, ratio, pass: ratio <= BUDGET_RATIO };
  } finally {
    for (const agent of agents) agent.close();
    await stop(bff);
    await stop(fake);
  }
}

export async function run() {
  const f = await measure();
  return {
    name: 'live-calls',
    figures: f,
    detail: AGENTS.map(
      (n) =>
        `${String(n).padStart(3)} agents: ${f.callsPerMinute[n]} upstream calls/min (steady ${f.windowS} s window), ` +
        `${f.openingCalls[n]} calls to open their screens, ${f.eventsReceived[n]} events received by their streams`,
    ),
    budgets: [
      {
        label: `calls/min with 100 agents <= ${BUDGET_RATIO} x with 1 (ratio ${f.ratio.toFixed(2)})`,
        pass: f.pass,
      },
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run().then(
    (result) => {
      console.log(JSON.stringify(result, null, 2));
      process.exit(result.budgets.every((b) => b.pass) ? 0 : 1);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
