import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';

// A thousand live streams on one BFF instance: how long an event takes from publish to arrival at
// every client (p50/p95/max over bursts), and what each open stream costs the BFF in memory (heap
// and RSS, after a GC, before and after opening them, divided by the number of streams). The BFF
// runs in its own process; the clients share this one, so their parsing counts against the figure.

const STREAMS = Number(process.env.LIVE_STREAMS ?? 1000);
const SESSIONS = 100;
const ROUNDS = 10;
const PER_ROUND = 5;
const ROUND_GAP_MS = 300;
export const BUDGET_P95_MS = 250;

const TARGET = fileURLToPath(new URL('./live-stream-target.ts', import.meta.url));

interface Memory {
  heapUsed: number;
  rss: number;
}

interface Client {
  close(): void;
}

function ask<T>(child: ChildProcess, message: object, key: keyof T): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if (typeof m === 'object' && m !== null && key in m) {
        child.off('message', onMessage);
        resolve(m as T);
      }
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

/** One stream; calls `onEvent` with the sequence number of each event as it arrives. */
function openStream(
  port: number,
  cookie: string,
  agent: Agent,
  onEvent: (seq: number) => void,
): Promise<Client> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/bff/events', headers: { cookie }, agent });
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const frames = buffer.split('\n\n');
        buffer = frames.pop() ?? '';
        for (const frame of frames) {
          const match = /"external_thread_id":"(\d+)"/.exec(frame);
          if (match) onEvent(Number(match[1]));
        }
      });
      res.on('error', () => undefined);
      resolve({ close: () => req.destroy() });
    });
    req.end();
  });
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export interface LiveStreamsFigures {
  readonly streams: number;
  readonly events: number;
  readonly deliveries: number;
  readonly missed: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly heapPerStreamBytes: number;
  readonly rssPerStreamBytes: number;
  readonly pass: boolean;
}

export async function measure(): Promise<LiveStreamsFigures> {
  const child = fork(TARGET, [String(SESSIONS)], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const clients: Client[] = [];
  try {
    const started = await new Promise<{ port: number; cookies: string[]; memory: Memory }>(
      (resolve, reject) => {
        child.once('message', (m) => resolve(m as { port: number; cookies: string[]; memory: Memory }));
        child.once('exit', (code) => reject(new Error(`the BFF exited with ${String(code)}`)));
      },
    );
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
    for (let i = 0; i < STREAMS; i += 50) {
      const batch = Array.from({ length: Math.min(50, STREAMS - i) }, (_, j) =>
        openStream(started.port, started.cookies[(i + j) % SESSIONS]!, agent, (seq) => {
          const at = sentAt.get(seq);
          if (at !== undefined) latencies.push(performance.now() - at);
        }),
      );
      clients.push(...(await Promise.all(batch)));
    }
    await delay(500);
    const opened = await ask<{ memory: Memory; streams: number }>(child, { memory: true }, 'memory');
    if (opened.streams !== STREAMS) throw new Error(`${opened.streams} of ${STREAMS} streams are open`);

    let seq = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const burst = Array.from({ length: PER_ROUND }, () => ++seq);
      const now = performance.now();
      for (const s of burst) sentAt.set(s, now);
      child.send({ publish: burst });
      await delay(ROUND_GAP_MS);
    }
    await delay(1000);
    const sorted = [...latencies].sort((a, b) => a - b);
    const expected = STREAMS * seq;
    const p95Ms = percentile(sorted, 95);
    return {
      streams: STREAMS,
      events: seq,
      deliveries: sorted.length,
      missed: expected - sorted.length,
      p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p95Ms: Math.round(p95Ms * 10) / 10,
      maxMs: Math.round((sorted.at(-1) ?? NaN) * 10) / 10,
      heapPerStreamBytes: Math.round((opened.memory.heapUsed - started.memory.heapUsed) / STREAMS),
      rssPerStreamBytes: Math.round((opened.memory.rss - started.memory.rss) / STREAMS),
      pass: p95Ms <= BUDGET_P95_MS && sorted.length === expected,
    };
  } finally {
    for (const c of clients) c.close();
    child.kill('SIGTERM');
  }
}

export async function run() {
  const f = await measure();
  return {
    name: 'live-streams',
    figures: f,
    detail: [
      `${f.streams} streams, ${f.events} events in ${ROUNDS} bursts of ${PER_ROUND}: ${f.deliveries} deliveries (${f.missed} missed)`,
      `publish to receipt: p50 ${f.p50Ms} ms, p95 ${f.p95Ms} ms, max ${f.maxMs} ms`,
      `BFF memory per open stream: heap ${(f.heapPerStreamBytes / 1024).toFixed(1)} KiB, RSS ${(f.rssPerStreamBytes / 1024).toFixed(1)} KiB`,
    ],
    budgets: [
      { label: `every event reaches all ${f.streams} streams, p95 <= ${BUDGET_P95_MS} ms`, pass: f.pass },
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
