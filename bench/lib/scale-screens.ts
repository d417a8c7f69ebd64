import { conversationId, customerId, SEARCH_TERMS, type ScaleCounts } from './scale-records';
import { TEST_USERS } from '../../src/server/testing/test-users';

// The screens the scale benchmark times, each with the queries a person varies (filters, pages,
// search words, which thread or customer), answered over a real port with a signed-in session.

export interface ScreenTiming {
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly requests: number;
  /** Answers that were not 200, by status. */
  readonly failures: Record<string, number>;
}

/** A small deterministic generator, so each run asks the same questions. */
function numbers(seed: number) {
  let s = seed >>> 0;
  return (below: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % Math.max(1, below);
  };
}

const OWNERS = [TEST_USERS.agent.upstreamUserId, TEST_USERS.manager.upstreamUserId, 'none'];
const q = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();

export type ScreenName = 'board' | 'leads' | 'inbox' | 'thread' | 'customer' | 'search';

/** The i-th query of a screen. */
export function screenUrl(
  screen: ScreenName,
  i: number,
  counts: ScaleCounts,
  pick: (below: number) => number,
) {
  const term = SEARCH_TERMS[i % SEARCH_TERMS.length]!;
  switch (screen) {
    case 'board': {
      const variants = [{}, { owner: OWNERS[i % 3]! }, { priority: 'high' }, { search: term }];
      return `/bff/screens/board?${q(variants[i % 4]!)}`;
    }
    case 'leads': {
      const page = 1 + pick(10);
      const variants = [
        { page },
        { page, owner: OWNERS[i % 3]! },
        { page: 1, search: term },
        { page, priority: 'urgent' },
      ];
      return `/bff/screens/leads?${q({ ...variants[i % 4]!, limit: 50 })}`;
    }
    case 'inbox': {
      const offset = 30 * pick(10);
      const variants = [
        { status: 'open' },
        { status: 'open', assignedTo: OWNERS[i % 3]! },
        { search: term },
        {},
      ];
      return `/bff/screens/inbox?${q({ ...variants[i % 4]!, offset: i % 4 === 2 ? 0 : offset, limit: 30 })}`;
    }
    case 'thread':
      return `/bff/screens/thread?${q({ id: conversationId(pick(counts.threads)) })}`;
    case 'customer':
      return `/bff/screens/customer?${q({ id: customerId(pick(counts.customers)) })}`;
    case 'search':
      return `/bff/search?${q({ q: term })}`;
  }
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** `warmUp` untimed requests, then `requests` timed ones, one after another. */
export async function timeScreen(
  origin: string,
  cookie: string,
  screen: ScreenName,
  counts: ScaleCounts,
  opts: { requests: number; warmUp: number },
): Promise<ScreenTiming> {
  const pick = numbers(screen.length * 7919);
  const times: number[] = [];
  const failures: Record<string, number> = {};
  for (let i = 0; i < opts.warmUp + opts.requests; i++) {
    const url = `${origin}${screenUrl(screen, i, counts, pick)}`;
    const start = performance.now();
    const res = await fetch(url, { headers: { cookie, accept: 'application/json' } });
    await res.arrayBuffer();
    const took = performance.now() - start;
    if (res.status !== 200) failures[String(res.status)] = (failures[String(res.status)] ?? 0) + 1;
    if (i >= opts.warmUp) times.push(took);
  }
  times.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(times.at(-1) ?? 0),
    requests: times.length,
    failures,
  };
}
