import { http, HttpResponse, type HttpHandler } from 'msw';
import { matchRoute, type Host } from '../../src/contract/routes';
import { NoQuery } from './control-schemas';
import { errorResponse } from './dispatch';
import { toHttpResponse } from './respond';
import { checkWith, searchRecord } from './validate';

// How many calls reached the two hosts, so a benchmark can prove what the BFF costs the upstream
// (`GET /__fake/stats`, mocks/README.md). Every call counts, refused and failed ones included: a
// real API's rate limit counts them too. Resetting the fake's data does not reset the counts.

export interface CallStatsBody {
  /** Calls to either host since start or the last `POST /__fake/stats/reset`. */
  readonly total: number;
  readonly byHost: Readonly<Record<Host, number>>;
  /** By contract route id; a path off the table counts as `<METHOD> (no route)`. */
  readonly byRoute: Readonly<Record<string, number>>;
  /** When counting started (real time). */
  readonly since: string;
}

export class CallStats {
  private total = 0;
  private byHost: Record<Host, number> = { social: 0, crm: 0 };
  private byRoute = new Map<string, number>();
  private since = new Date();

  count(host: Host, request: Request, basePath: string): void {
    const path = new URL(request.url).pathname.slice(basePath.length) || '/';
    const key = matchRoute(host, request.method, path)?.route.id ?? `${request.method} (no route)`;
    this.total += 1;
    this.byHost[host] += 1;
    this.byRoute.set(key, (this.byRoute.get(key) ?? 0) + 1);
  }

  reset(): void {
    this.total = 0;
    this.byHost = { social: 0, crm: 0 };
    this.byRoute.clear();
    this.since = new Date();
  }

  read(): CallStatsBody {
    return {
      total: this.total,
      byHost: { ...this.byHost },
      byRoute: Object.fromEntries([...this.byRoute].sort(([a], [b]) => a.localeCompare(b))),
      since: this.since.toISOString(),
    };
  }
}

// One counter per fake, kept beside it rather than on it, so the fake's own shape is untouched.
const counters = new WeakMap<object, CallStats>();

export function callStatsOf(fake: object): CallStats {
  let stats = counters.get(fake);
  if (!stats) {
    stats = new CallStats();
    counters.set(fake, stats);
  }
  return stats;
}

/** `GET /__fake/stats` and `POST /__fake/stats/reset`; mounted before the control surface's 404. */
export function createStatsHandlers(stats: CallStats, origin: string): HttpHandler[] {
  const url = `${origin}/__fake/stats`;
  return [
    http.get(url, ({ request }) => {
      const search = searchRecord(new URL(request.url).searchParams);
      const input = search.ok ? checkWith(NoQuery, search.value) : search;
      if (!input.ok) return toHttpResponse(errorResponse(400, input.errors));
      return HttpResponse.json({ ...stats.read() });
    }),
    http.post(`${url}/reset`, () => {
      stats.reset();
      return HttpResponse.json({ ok: true });
    }),
  ];
}
