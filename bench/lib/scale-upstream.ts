import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CHANNELS,
  MESSAGES_PER_THREAD,
  QUICK_REPLIES,
  STAGES,
  TAGS,
  activitiesOf,
  contact,
  contactIndex,
  CONTACTS_PER_CUSTOMER,
  conversation,
  customer,
  lead,
  messagesOf,
  type ScaleCounts,
} from './scale-records';

// A generated upstream for the scale benchmark: every list is answered from the record generators
// by offset (record n is the n-th newest), so a page costs the same at a million leads as at a
// thousand; the fake in mocks/ sorts its whole list on every call and cannot serve those sizes.
// It serves exactly the records the seeder wrote, so the sync finds the tables caught up. It counts
// every call by route, with its time, for the sync's calls a minute.

const ID = /^([0-9a-f]{8})-0000-4000-8000-(\d{12})$/;
const numberOf = (id: string, prefix: string, below: number): number | null => {
  const m = ID.exec(id);
  if (!m || m[1] !== prefix) return null;
  const n = Number(m[2]);
  return n < below ? n : null;
};

const MAX_LIMIT = 100;
const notFound = { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };

interface Paging {
  start: number;
  limit: number;
  page: number;
}

function paging(q: URLSearchParams): Paging {
  const limit = Math.min(MAX_LIMIT, Math.max(1, Number(q.get('limit') ?? 20) || 20));
  const offset = q.get('offset');
  const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
  const start = offset !== null ? Math.max(0, Number(offset) || 0) : (page - 1) * limit;
  return { start, limit, page: offset !== null ? Math.floor(start / limit) + 1 : page };
}

function envelope<T>(total: number, p: Paging, item: (n: number) => T) {
  const end = Math.min(total, p.start + p.limit);
  const data = [];
  for (let n = p.start; n < end; n++) data.push(item(n));
  return {
    data,
    total,
    page: p.page,
    limit: p.limit,
    totalPages: Math.ceil(total / p.limit),
    hasMore: end < total,
  };
}

export interface CallLog {
  /** Calls since `since` (epoch ms), by route. */
  byRoute(since: number, until?: number): Record<string, number>;
  total(since: number, until?: number): number;
}

export interface ScaleUpstream extends CallLog {
  readonly origin: string;
  readonly socialBase: string;
  readonly crmBase: string;
  setCounts(counts: ScaleCounts): void;
  close(): Promise<void>;
}

export async function startScaleUpstream(initial: ScaleCounts): Promise<ScaleUpstream> {
  let c = initial;
  const calls: { at: number; route: string }[] = [];

  const answer = (route: string, url: URL): { status: number; body: unknown } => {
    const q = url.searchParams;
    const parts = route.split('/');
    switch (true) {
      case route === '/social/api/v1/conversations':
        return { status: 200, body: envelope(c.threads, paging(q), conversation) };
      case route === '/social/api/v1/connect/channels':
        return { status: 200, body: { channels: CHANNELS } };
      case route === '/social/api/v1/quick-replies':
        return { status: 200, body: { data: QUICK_REPLIES } };
      case route === '/social/api/v1/templates':
        return { status: 200, body: { templates: [] } };
      case route === '/crm/api/v1/leads':
        return { status: 200, body: envelope(c.leads, paging(q), lead) };
      case route === '/crm/api/v1/lead-stages':
        return { status: 200, body: STAGES };
      case route === '/crm/api/v1/tags':
        return { status: 200, body: { data: TAGS } };
      case route === '/crm/api/v1/customers': {
        const { data, ...rest } = envelope(c.customers, paging(q), customer);
        return { status: 200, body: { customers: data, ...rest, fields: [] } };
      }
    }
    const last = parts.at(-1) ?? '';
    if (route.startsWith('/social/api/v1/conversations/') && parts.length === 6) {
      const n = numberOf(last, 'c0c0c0c0', c.threads);
      return n === null ? notFound : { status: 200, body: conversation(n) };
    }
    if (route.startsWith('/social/api/v1/conversations/') && last === 'messages') {
      const n = numberOf(parts[5] ?? '', 'c0c0c0c0', c.threads);
      if (n === null) return notFound;
      const newestFirst = messagesOf(n).reverse();
      const before = q.get('before');
      const from = before === null ? 0 : newestFirst.findIndex((m) => m.id === before) + 1;
      if (before !== null && from === 0) return { status: 200, body: { data: [], hasMore: false } };
      const limit = Math.min(MAX_LIMIT, Number(q.get('limit') ?? 20) || 20);
      const data = newestFirst.slice(from, from + limit);
      return { status: 200, body: { data, hasMore: from + limit < MESSAGES_PER_THREAD } };
    }
    if (route.startsWith('/crm/api/v1/leads/')) {
      const n = numberOf(last, '1ead1ead', c.leads);
      return n === null ? notFound : { status: 200, body: lead(n) };
    }
    if (route.startsWith('/crm/api/v1/customers/')) {
      const n = numberOf(last, 'c057c057', c.customers);
      return n === null ? notFound : { status: 200, body: customer(n) };
    }
    if (route.startsWith('/crm/api/contacts/customer/')) {
      const n = numberOf(last, 'c057c057', c.customers);
      if (n === null) return notFound;
      return {
        status: 200,
        body: Array.from({ length: CONTACTS_PER_CUSTOMER }, (_, k) => contact(contactIndex(n, k))),
      };
    }
    if (route.startsWith('/crm/api/contacts/')) {
      const n = numberOf(last, 'c0ac7000', c.contacts);
      return n === null ? notFound : { status: 200, body: contact(n) };
    }
    if (route.startsWith('/crm/api/activities/lead/')) {
      const n = numberOf(last, '1ead1ead', c.leads);
      return n === null ? notFound : { status: 200, body: activitiesOf(n) };
    }
    return { status: 404, body: { error: { code: 'not_found', message: `No route ${route}` } } };
  };

  /** Route templates for counting: ids replaced by their kind. */
  const label = (method: string, path: string) =>
    `${method} ${path.replace(/[0-9a-f]{8}-0000-4000-8000-\d{12}/g, '{id}')}`;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream.local');
    const method = req.method ?? 'GET';
    calls.push({ at: Date.now(), route: label(method, url.pathname) });
    req.resume();
    if (method !== 'GET') return send(res, 405, { error: { code: 'read_only', message: 'read only' } });
    const { status, body } = answer(url.pathname, url);
    send(res, status, body);
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  const within = (since: number, until = Infinity) => calls.filter((x) => x.at >= since && x.at < until);
  return {
    origin,
    socialBase: `${origin}/social/api`,
    crmBase: `${origin}/crm/api`,
    setCounts: (next) => {
      c = next;
    },
    byRoute: (since, until) => {
      const out: Record<string, number> = {};
      for (const x of within(since, until)) out[x.route] = (out[x.route] ?? 0) + 1;
      return out;
    },
    total: (since, until) => within(since, until).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
