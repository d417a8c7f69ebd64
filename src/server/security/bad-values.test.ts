import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedWorkspace } from '../testing/workspace-seed';
import { forgetWorkspace, setMeta } from '../workspace/workspace-writer';
import { startAppWithStore, type AppWithStore } from '../testing/app-with-store';
import { DEFAULT_RATE_LIMITS } from './rate-limits';
import { conversation } from '../testing/live-records';
import { sameOriginHeaders, signIn } from '../testing/test-users';

// Values a request brings to the BFF's own routes (not the proxy) that the database cannot hold or
// that make no sense: each is refused at the edge with a 400 naming the field, and nothing answers
// 500. Every field of every own route gets every hostile value, in the path, the query and the body.

const THREAD = conversation(1).id;
const MEGABYTE = 'x'.repeat(1_000_000);

/** Text the database cannot hold, or that is far too long. */
const TEXTS = ['\u0000', 'a\u0000b', '\ud800', 'a\udc00b', MEGABYTE];
/** Days and date-times at the ends of what JavaScript, PostgreSQL or sense allow. */
const DATES = [
  '0000-01-01',
  '9999-12-31',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59-14:00',
  '1969-12-31T23:59:59Z',
  '2026-02-30',
  '2026-02-30T00:00:00Z',
];
/** Numbers at and past their limits, as query strings carry them. */
const NUMBERS = [
  '0',
  '-1',
  '1.5',
  '9007199254740991',
  '9007199254740993',
  '1e308',
  '-1e308',
  'Infinity',
  'NaN',
];
const HOSTILE = [...TEXTS, ...DATES, ...NUMBERS];
/** The same in a JSON body, where numbers are numbers. */
const HOSTILE_JSON: unknown[] = [
  ...HOSTILE,
  0,
  -1,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  null,
  [],
  {},
];

let stack: AppWithStore;
let app: FastifyInstance;
let admin = '';

const LONE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;
/** Percent-encodes a value; a lone surrogate (which encodeURIComponent refuses) as its WTF-8 bytes. */
const q = (value: string) =>
  value
    .split(LONE)
    .map((part) => (LONE.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: admin } });
const send = (method: 'POST' | 'PUT', url: string, payload: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...sameOriginHeaders, cookie: admin, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

/** Each query field of each own GET route, with the value in place of a valid one. */
const QUERY_CASES: [string, (v: string) => string][] = [
  ['audit user', (v) => `/bff/audit?user=${q(v)}`],
  ['audit action', (v) => `/bff/audit?action=${q(v)}`],
  ['audit outcome', (v) => `/bff/audit?outcome=${q(v)}`],
  ['audit from', (v) => `/bff/audit?from=${q(v)}`],
  ['audit to', (v) => `/bff/audit?to=${q(v)}`],
  ['audit page', (v) => `/bff/audit?page=${q(v)}`],
  ['audit limit', (v) => `/bff/audit?limit=${q(v)}`],
  ['inbox report from', (v) => `/bff/reports/inbox?from=${q(v)}&to=2026-01-31`],
  ['inbox report to', (v) => `/bff/reports/inbox?from=2026-01-01&to=${q(v)}`],
  ['inbox report both', (v) => `/bff/reports/inbox?from=${q(v)}&to=${q(v)}`],
  ['inbox report channel', (v) => `/bff/reports/inbox?from=2026-01-01&to=2026-01-31&channel=${q(v)}`],
  ['inbox report target', (v) => `/bff/reports/inbox?from=2026-01-01&to=2026-01-31&target=${q(v)}`],
  ['pipeline report both', (v) => `/bff/reports/pipeline?from=${q(v)}&to=${q(v)}`],
  ['pipeline report to', (v) => `/bff/reports/pipeline?from=2026-01-01&to=${q(v)}`],
  ['search q', (v) => `/bff/search?q=${q(v)}`],
  ['search limit', (v) => `/bff/search?q=anna&limit=${q(v)}`],
  ['notes path id', (v) => `/bff/conversations/${q(v)}/notes`],
  ['import path id', (v) => `/bff/imports/${q(v)}`],
  ['import report outcome', (v) => `/bff/imports/${THREAD}/report.csv?outcome=${q(v)}`],
  ['import report path id', (v) => `/bff/imports/${q(v)}/report.csv`],
  // Reads answered from the workspace the BFF holds (and, for unread, its database).
  ...['priority', 'search', 'owner', 'limit'].map((key): [string, (v: string) => string] => [
    `board ${key}`,
    (v) => `/bff/screens/board?${key}=${q(v)}`,
  ]),
  ['board column stage', (v) => `/bff/screens/board/column?stage=${q(v)}`],
  ['board column cursor', (v) => `/bff/screens/board/column?stage=new&cursor=${q(v)}`],
  ...['search', 'page', 'limit'].map((key): [string, (v: string) => string] => [
    `leads ${key}`,
    (v) => `/bff/screens/leads?${key}=${q(v)}`,
  ]),
  ...['status', 'assignedTo', 'channelId', 'search', 'unread', 'offset', 'limit'].map(
    (key): [string, (v: string) => string] => [`inbox ${key}`, (v) => `/bff/screens/inbox?${key}=${q(v)}`],
  ),
  ...['search', 'status', 'customer_type', 'page', 'limit'].map((key): [string, (v: string) => string] => [
    `customers ${key}`,
    (v) => `/bff/screens/customers?${key === 'search' ? '' : 'search=acme&'}${key}=${q(v)}`,
  ]),
  ['thread id', (v) => `/bff/screens/thread?id=${q(v)}`],
  ['customer id', (v) => `/bff/screens/customer?id=${q(v)}`],
  ['contact id', (v) => `/bff/screens/contact?id=${q(v)}`],
  ...['priority', 'search', 'owner', 'stage'].map((key): [string, (v: string) => string] => [
    `lead export ${key}`,
    (v) => `/bff/export/leads.csv?${key}=${q(v)}`,
  ]),
  ['customer export status', (v) => `/bff/export/customers.csv?status=${q(v)}`],
  ['contact export customer', (v) => `/bff/export/contacts.csv?customer_id=${q(v)}`],
];

/** Each body field of each own write route, with the value in place of a valid one. */
const BODY_CASES: [string, 'POST' | 'PUT', string, (v: unknown) => unknown][] = [
  ['note body', 'POST', `/bff/conversations/${THREAD}/notes`, (v) => ({ body: v })],
  ['note mention', 'POST', `/bff/conversations/${THREAD}/notes`, (v) => ({ body: 'hi', mentions: [v] })],
  ['read upTo', 'POST', `/bff/conversations/${THREAD}/read`, (v) => ({ upTo: v })],
  ['preferences', 'PUT', '/bff/me/preferences', (v) => ({ desktop: v })],
  ['presence thread', 'POST', '/bff/presence', (v) => ({ conversationId: v, typing: false })],
  ['presence typing', 'POST', '/bff/presence', (v) => ({ conversationId: THREAD, typing: v })],
  [
    'import file name',
    'POST',
    '/bff/imports',
    (v) => ({ kind: 'leads', duplicates: 'skip', fileName: v, rows: [{ name: 'A' }] }),
  ],
  [
    'import cell',
    'POST',
    '/bff/imports',
    (v) => ({ kind: 'leads', duplicates: 'skip', fileName: 'a.csv', rows: [{ name: v }] }),
  ],
  [
    'import field name',
    'POST',
    '/bff/imports',
    (v) => ({ kind: 'leads', duplicates: 'skip', fileName: 'a.csv', rows: [{ [String(v)]: 'A' }] }),
  ],
];

/** Path values for the routes whose path holds a note id or a thread id to write on. */
const PATH_CASES: [string, (v: string) => string][] = [
  ['mention read', (v) => `/bff/mentions/${q(v)}/read`],
  ['read mark', (v) => `/bff/conversations/${q(v)}/read`],
  ['unread mark', (v) => `/bff/conversations/${q(v)}/unread`],
  ['import start', (v) => `/bff/imports/${q(v)}/start`],
  ['import cancel', (v) => `/bff/imports/${q(v)}/cancel`],
];

const shown = (v: unknown) => JSON.stringify(v)?.slice(0, 40) ?? String(v);
const failures = (res: LightMyRequestResponse, what: string) =>
  res.statusCode >= 500 ? [`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`] : [];

beforeAll(async () => {
  // Every own route is behind the per-session rate limit: thousands of calls in a few seconds
  // must reach the parsing this asks about, not a 429.
  stack = await startAppWithStore({
    live: true,
    rateLimits: { ...DEFAULT_RATE_LIMITS, apiBurst: 1_000_000, apiRatePerSecond: 1_000_000 },
  });
  app = stack.app;
  const live = app.bffLive!;
  await forgetWorkspace(live.workspace.db);
  await seedWorkspace(live.workspace.db, { conversations: [conversation(1)], stages: [] });
  await setMeta(live.workspace.db, 'loaded', ['conversations', 'leads', 'customers']);
  admin = await signIn(app, 'admin');
}, 60_000);
afterAll(() => stack.close());

describe('hostile values on the BFF’s own routes', () => {
  it('never answer 500, in the query, the path or the body', async () => {
    const seen: string[] = [];
    for (const [name, url] of QUERY_CASES)
      for (const v of HOSTILE) seen.push(...failures(await get(url(v)), `${name} ${shown(v)}`));
    for (const [name, method, url, body] of BODY_CASES)
      for (const v of HOSTILE_JSON)
        seen.push(...failures(await send(method, url, body(v)), `${name} ${shown(v)}`));
    for (const [name, url] of PATH_CASES)
      for (const v of HOSTILE) seen.push(...failures(await send('POST', url(v), {}), `${name} ${shown(v)}`));
    expect(seen).toEqual([]);
  }, 120_000);

  it('refuses a report range the database cannot hold with 400 naming the field', async () => {
    for (const day of ['9999-12-31', '0000-01-01']) {
      const res = await get(`/bff/reports/inbox?from=${day}&to=${day}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['x-bff-error']).toBe('1');
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.json().message).toEqual(expect.arrayContaining([expect.stringMatching(/^from /)]));
    }
  });

  it('refuses text the database cannot hold with 400 naming the field', async () => {
    const note = await send('POST', `/bff/conversations/${THREAD}/notes`, { body: 'a\u0000b' });
    expect(note.statusCode).toBe(400);
    expect(note.json().message).toEqual(['body must not contain the character U+0000']);
    const lone = await send('POST', `/bff/conversations/${THREAD}/notes`, { body: 'a\ud800b' });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().message).toEqual(['body must not contain a lone surrogate (invalid UTF-16)']);
    const audit = await get(`/bff/audit?user=${q('a\u0000')}`);
    expect(audit.statusCode).toBe(400);
    expect(audit.json().message).toEqual(['user must not contain the character U+0000']);
    const cell = await send('POST', '/bff/imports', {
      kind: 'leads',
      duplicates: 'skip',
      fileName: 'a.csv',
      rows: [{ name: 'A' }, { name: 'B\u0000' }],
    });
    expect(cell.statusCode).toBe(400);
    expect(cell.json().message).toEqual(['rows.1.name must not contain the character U+0000']);
  });

  it('refuses a date-time out of the range that makes sense with 400 naming the field', async () => {
    const audit = await get(`/bff/audit?from=${q('9999-12-31T23:59:59-14:00')}`);
    expect(audit.statusCode).toBe(400);
    expect(audit.json().message).toEqual([
      expect.stringMatching(/^from must be a real date between 1970-01-01 and 2999-12-31$/),
    ]);
    const read = await send('POST', `/bff/conversations/${THREAD}/read`, { upTo: '0000-01-01T00:00:00Z' });
    expect(read.statusCode).toBe(400);
    expect(read.json().message).toEqual([
      expect.stringMatching(/^upTo must be a real date between 1970-01-01 and 2999-12-31$/),
    ]);
  });
});
