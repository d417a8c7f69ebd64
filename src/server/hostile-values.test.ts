import type { AddressInfo } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type * as z from 'zod/mini';
import { sampleFor } from '../../mocks/core/route-samples';
import { ROUTES, SCREEN_ROUTES } from '../contract/routes';
import { roleCan } from '../contract/roles';
import type { Role } from '../contract/bff';
import { AuditPage } from '../contract/audit';
import { ImportJob } from '../contract/imports';
import { ErrorBody } from '../contract/common';
import { MOUNTS } from './proxy/proxy';
import {
  HOSTILE_DATES,
  HOSTILE_HEADER_VALUES,
  HOSTILE_JSON_NUMBERS,
  HOSTILE_NUMBER_STRINGS,
  HOSTILE_PATH_IDS,
  HOSTILE_TEXT,
  MEBIBYTE_TEXT,
  encodeQueryValue,
  queryWith,
  type Hostile,
} from './testing/hostile-values';
import {
  ROLES,
  fieldsOf,
  problemsOf,
  startHostileStack,
  type HostileCase,
  type HostileStack,
} from './testing/hostile-stack';
import { rawRequest, type RawResponse } from './testing/raw-http';
import { describeOnEachStore } from './testing/test-stores';

// Issue 34: hostile values through every BFF route that writes and every read that takes
// parameters, as each role that may call it, on both databases. No answer is a 500; a refused
// value is refused with the spec's error body; and afterwards the app still works: a normal write
// succeeds and is in the audit log, a normal message is found by search.

type Case = HostileCase;

const ANY_TEXT: readonly Hostile<unknown>[] = [...HOSTILE_TEXT, ...HOSTILE_JSON_NUMBERS];
const QUERY_VALUES: readonly Hostile<string>[] = [
  ...HOSTILE_TEXT,
  ...HOSTILE_NUMBER_STRINGS,
  ...HOSTILE_DATES,
];

const json = (payload: unknown): Pick<InjectOptions, 'payload' | 'headers'> => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

/** A hostile id is the wrong shape for every route that takes one: a 400, or off the route table a
 *  404, or longer than any URL the BFF reads a 414. */
const refusedId = (res: LightMyRequestResponse): string | null =>
  [400, 404, 414].includes(res.statusCode) ? null : `${res.statusCode} for a hostile id`;

/**
 * The hostile values for one body field of a proxied write: every hostile text where the field takes
 * text and every hostile number where it takes a number; elsewhere a few of each, which the BFF
 * refuses before the upstream hears of them (so they cost little and prove just that).
 */
function valuesFor(body: z.ZodMiniType, sample: unknown, field: string): Hostile<unknown>[] {
  const takes = (value: unknown) => body.safeParse({ ...(sample as object), [field]: value }).success;
  return [
    ...(takes('plain text') ? HOSTILE_TEXT : HOSTILE_TEXT.slice(0, 4)),
    ...(takes(1) ? HOSTILE_JSON_NUMBERS : HOSTILE_JSON_NUMBERS.slice(0, 3)),
  ];
}

/** problemWith's rules for an answer read off a socket. */
function rawProblem(res: RawResponse): string | null {
  if (res.status === 0) return 'no answer';
  if (res.status >= 500 && ![502, 503, 504].includes(res.status))
    return `${res.status} ${res.body.slice(0, 200)}`;
  if (res.status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${res.status} without a JSON error body: ${res.body.slice(0, 200)}`;
  }
  const parsed = ErrorBody.safeParse(body);
  return parsed.success && parsed.data.statusCode === res.status
    ? null
    : `${res.status} without the spec's error body: ${res.body.slice(0, 200)}`;
}

const status =
  (expected: number) =>
  (res: LightMyRequestResponse): string | null =>
    res.statusCode === expected ? null : `${res.statusCode} where ${expected} was expected`;

/** A read of the BFF's own, its valid parameters, those to make hostile one at a time, who reads it. */
interface ReadWithParams {
  readonly path: string;
  readonly base: Readonly<Record<string, string>>;
  readonly names: readonly string[];
  readonly roles: readonly Role[];
}

/** One of the BFF's own writes with a hostile value in one place. */
interface OwnWrite {
  readonly what: string;
  readonly roles: readonly Role[];
  readonly values: readonly Hostile<unknown>[];
  readonly request: (value: unknown) => InjectOptions;
  readonly also?: HostileCase['also'];
}

/**
 * Each value once, the roles that may call the route taking turns: every such role calls it and
 * every value is tried, in a third of the calls. Once a role is let in, what a route does with a
 * value does not depend on who sent it.
 */
const inTurn = <T>(roles: readonly Role[], values: readonly T[]): [Role, T][] =>
  values.map((v, i) => [roles[i % roles.length]!, v]);

describeOnEachStore('hostile values through the BFF', (suite) => {
  let stack: HostileStack;
  let convId = '';
  beforeAll(async () => {
    stack = await startHostileStack(suite);
    convId = sampleFor(
      stack.upstream.fake,
      ROUTES.find((r) => r.id === 'conversations.get')!,
    ).path.split('/')[3]!;
  }, 60_000);
  afterAll(() => stack.close(), 30_000);

  const as = (role: Role, label: string, opts: InjectOptions): Case => ({
    label: `${role} ${opts.method} ${label}`,
    send: () => stack.call(role, opts),
  });

  it(
    'the BFF’s own writes take or refuse every hostile value, never with a 500',
    { timeout: 60_000 },
    async () => {
      const importers = ROLES.filter((r) => roleCan(r, 'leads.create'));
      const importOf = (fileName: unknown, rows: unknown) =>
        json({ kind: 'leads', duplicates: 'skip', fileName, rows });
      const notes = `/bff/conversations/${convId}/notes`;
      const writes: OwnWrite[] = [
        // Notes: the body, the mentions.
        {
          what: 'note body',
          roles: ROLES,
          values: [...ANY_TEXT, MEBIBYTE_TEXT],
          request: (v) => ({ method: 'POST', url: notes, ...json({ body: v }) }),
        },
        {
          what: 'note mention',
          roles: ROLES,
          values: ANY_TEXT,
          request: (v) => ({ method: 'POST', url: notes, ...json({ body: 'hello', mentions: [v] }) }),
        },
        // Read marks: the time read up to.
        {
          what: 'read upTo',
          roles: ROLES,
          values: [...HOSTILE_DATES, ...ANY_TEXT],
          request: (v) => ({
            method: 'POST',
            url: `/bff/conversations/${convId}/read`,
            ...json({ upTo: v }),
          }),
        },
        // Preferences: each field, and one that does not exist.
        ...['desktop', 'sound', '\u0000'].map((field): OwnWrite => ({
          what: `preferences ${JSON.stringify(field)}`,
          roles: ROLES,
          values: ANY_TEXT,
          request: (v) => ({ method: 'PUT', url: '/bff/me/preferences', ...json({ [field]: v }) }),
        })),
        // Presence: the thread and the typing flag.
        {
          what: 'presence conversationId',
          roles: ROLES,
          values: ANY_TEXT,
          request: (v) => ({
            method: 'POST',
            url: '/bff/presence',
            ...json({ conversationId: v, typing: false }),
          }),
        },
        {
          what: 'presence typing',
          roles: ROLES,
          values: ANY_TEXT,
          request: (v) => ({
            method: 'POST',
            url: '/bff/presence',
            ...json({ conversationId: convId, typing: v }),
          }),
        },
        // Imports: the file name (it ends in a header), the cells, the column names.
        {
          what: 'import fileName',
          roles: importers,
          values: [...HOSTILE_TEXT, ...HOSTILE_HEADER_VALUES, ...HOSTILE_JSON_NUMBERS],
          request: (v) => ({ method: 'POST', url: '/bff/imports', ...importOf(v, [{ name: 'Ann' }]) }),
        },
        {
          what: 'import cell',
          roles: importers,
          values: [...ANY_TEXT, MEBIBYTE_TEXT],
          request: (v) => ({
            method: 'POST',
            url: '/bff/imports',
            ...importOf('leads.csv', [{ name: v, email: v, value: v }]),
          }),
        },
        {
          what: 'import column',
          roles: importers,
          values: HOSTILE_TEXT,
          request: (v) => ({
            method: 'POST',
            url: '/bff/imports',
            ...importOf('leads.csv', [{ name: 'Ann', [String(v)]: 'x' }]),
          }),
        },
        // Ids in the path of every own write.
        ...[
          '/bff/conversations/{id}/notes',
          '/bff/conversations/{id}/read',
          '/bff/conversations/{id}/unread',
          '/bff/mentions/{id}/read',
          '/bff/imports/{id}/start',
          '/bff/imports/{id}/pause',
          '/bff/imports/{id}/cancel',
        ].map((path): OwnWrite => ({
          what: path,
          roles: path.startsWith('/bff/imports') ? importers : ROLES,
          values: HOSTILE_PATH_IDS,
          request: (v) => ({ method: 'POST', url: path.replace('{id}', String(v)), ...json({ body: 'x' }) }),
          also: refusedId,
        })),
      ];
      const cases: Case[] = writes.flatMap((w) =>
        inTurn(w.roles, w.values).map(([role, v]) => ({
          ...as(role, `${w.what} ${v.name}`, w.request(v.value)),
          ...(w.also ? { also: w.also } : {}),
        })),
      );
      // A JSON body under another content type, on an own write and on a proxied one.
      const lead = `${MOUNTS.crm}/v1/leads`;
      for (const [role, type] of inTurn(importers, [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=utf-16',
        'application/json; charset=\u0000',
        'application/xml',
      ]))
        for (const url of [notes, lead])
          cases.push(
            as(role, `${url} content-type ${type}`, {
              method: 'POST',
              url,
              payload: JSON.stringify({ body: 'x', name: 'x' }),
              headers: { 'content-type': type },
            }),
          );
      // Bodies that are no JSON object, or reach for an object's prototype.
      for (const [role, raw] of inTurn(ROLES, [
        '{"body":',
        '[]',
        'null',
        '"text"',
        '{"__proto__":{"body":"x"}}',
        '{"constructor":{"prototype":{"body":"x"}}}',
        `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
      ]))
        for (const url of [notes, `/bff/conversations/${convId}/read`, '/bff/presence', '/bff/imports'])
          cases.push(
            as(role, `${url} raw body ${raw.slice(0, 20)}`, {
              method: 'POST',
              url,
              payload: raw,
              headers: { 'content-type': 'application/json' },
            }),
          );
      cases.push(
        as('agent', 'preferences raw body with a prototype', {
          method: 'PUT',
          url: '/bff/me/preferences',
          payload: '{"__proto__":{"desktop":true}}',
          headers: { 'content-type': 'application/json' },
        }),
      );
      // Reload takes no input: a hostile body and query are ignored.
      cases.push(
        as('admin', 'reload with a hostile body', {
          method: 'POST',
          url: `/bff/workspace/reload?x=${encodeQueryValue('\u0000\uD800')}`,
          ...json({ x: '\u0000' }),
        }),
      );
      // Sign-in: hostile user names and passwords, each from its own address (the throttle counts
      // per address, and is not what this asks).
      HOSTILE_TEXT.forEach((v, i) =>
        cases.push({
          label: `login ${v.name}`,
          send: () =>
            stack.app.inject({
              method: 'POST',
              url: '/auth/login',
              headers: { host: 'bff.test', origin: 'http://bff.test', 'x-csrf': '1' },
              payload: { username: v.value, password: v.value },
              remoteAddress: `10.34.0.${String(i + 1)}`,
            }),
        }),
      );
      // Several at once: these wait on scrypt's threads (the sign-ins) and the database more than
      // on the upstream, and none is meant to get a 429 or 5xx (problemsOf then counts one as a
      // problem). The proxied calls below go one at a time: in a crowd the upstream client may
      // answer a deliberate 502 that would pass unseen.
      expect(await problemsOf(cases, 8)).toEqual([]);
    },
  );

  it(
    'the proxied writes take or refuse every hostile value, never with a 500',
    { timeout: 60_000 },
    async () => {
      const fake = stack.upstream.fake;
      const cases: Case[] = [];
      for (const route of ROUTES.filter((r) => r.mutates)) {
        const sample = sampleFor(fake, route);
        const url = `${MOUNTS[route.host]}${sample.path}`;
        const roles = ROLES.filter((r) => roleCan(r, route.id));
        for (const field of fieldsOf(route.body)) {
          for (const [role, v] of inTurn(roles, valuesFor(route.body!, sample.body, field)))
            cases.push(
              as(role, `${route.id} ${field} = ${v.name}`, {
                method: route.method,
                url,
                ...json({ ...(sample.body as object), [field]: v.value }),
              }),
            );
        }
        if (Object.keys(route.params).length === 0) continue;
        for (const [role, v] of inTurn(roles, HOSTILE_PATH_IDS))
          cases.push({
            ...as(role, `${route.id} id ${v.name}`, {
              method: route.method,
              url: `${MOUNTS[route.host]}${route.path.replace(/\{[A-Za-z]+\}/g, v.value)}`,
              ...(sample.body !== undefined ? json(sample.body) : {}),
            }),
            also: refusedId,
          });
      }
      // One message of a mebibyte, once: the bodies' limit answers it.
      const send = ROUTES.find((r) => r.id === 'messages.sendText')!;
      cases.push(
        as('agent', 'messages.sendText text = 1 MiB', {
          method: 'POST',
          url: `${MOUNTS.social}${sampleFor(fake, send).path}`,
          ...json({ text: MEBIBYTE_TEXT.value }),
        }),
      );
      expect(await problemsOf(cases)).toEqual([]);
    },
  );

  it('reads with parameters refuse hostile values with a 400, never a 500', { timeout: 60_000 }, async () => {
    const cases: Case[] = [];
    const reads: ReadWithParams[] = [
      {
        path: '/bff/reports/inbox',
        base: { from: '2026-01-01', to: '2026-01-31' },
        names: ['from', 'to', 'channel', 'target'],
        roles: ['manager', 'admin'],
      },
      {
        path: '/bff/reports/pipeline',
        base: { from: '2026-01-01', to: '2026-01-31' },
        names: ['from', 'to'],
        roles: ['manager', 'admin'],
      },
      {
        path: '/bff/audit',
        base: {},
        names: ['user', 'action', 'outcome', 'from', 'to', 'page', 'limit'],
        roles: ['admin'],
      },
      { path: '/bff/search', base: { q: 'hello' }, names: ['q', 'limit'], roles: ROLES },
      {
        path: '/bff/export/leads.csv',
        base: {},
        names: ['priority', 'search', 'owner', 'stage'],
        roles: ROLES,
      },
      { path: '/bff/export/customers.csv', base: {}, names: ['status', 'customer_type'], roles: ROLES },
      { path: '/bff/export/contacts.csv', base: {}, names: ['customer_id'], roles: ROLES },
      ...SCREEN_ROUTES.map((r): ReadWithParams => ({
        path: r.path,
        base:
          r.id === 'screens.boardColumn'
            ? { stage: 'new' }
            : r.id.endsWith('.thread') || r.id.endsWith('.customer') || r.id.endsWith('.contact')
              ? { id: convId }
              : {},
        names: fieldsOf(r.query),
        roles: ROLES,
      })),
    ];
    for (const read of reads) {
      for (const name of read.names) {
        for (const [role, v] of inTurn(read.roles, QUERY_VALUES))
          cases.push(
            as(role, `${read.path}?${name}=${v.name}`, {
              method: 'GET',
              url: `${read.path}?${queryWith(read.base, name, v.value)}`,
            }),
          );
      }
      // Both ends of a range at the same hostile day (one alone is refused as a backwards range).
      if (read.names.includes('from') && read.names.includes('to'))
        for (const [role, v] of inTurn(read.roles, HOSTILE_DATES))
          cases.push(
            as(role, `${read.path}?from=to=${v.name}`, {
              method: 'GET',
              url: `${read.path}?${queryWith({ ...read.base, from: v.value }, 'to', v.value)}`,
            }),
          );
      // A parameter the route does not know (its name a U+0000, or one that could reach an
      // object's prototype), and a known one given twice.
      for (const [role, odd] of inTurn(read.roles, [
        '%00=x',
        '__proto__=x',
        'constructor=x',
        'limit=1&limit=2',
      ]))
        cases.push(
          as(role, `${read.path} parameters ${odd}`, {
            method: 'GET',
            url: `${read.path}?${queryWith(read.base, 'x', 'x').replace('x=x', odd)}`,
          }),
        );
    }
    // Upstream reads through the proxy: every query parameter with every hostile value.
    const fake = stack.upstream.fake;
    for (const route of ROUTES.filter((r) => !r.mutates && r.query !== undefined)) {
      const sample = sampleFor(fake, route);
      for (const name of fieldsOf(route.query)) {
        for (const v of QUERY_VALUES)
          cases.push(
            as('agent', `${route.id}?${name}=${v.name}`, {
              method: 'GET',
              url: `${MOUNTS[route.host]}${sample.path}?${queryWith(sample.query ?? {}, name, v.value)}`,
            }),
          );
      }
    }
    // Ids of the reads that take one in the path.
    for (const v of HOSTILE_PATH_IDS) {
      for (const path of [
        `/bff/conversations/${v.value}/notes`,
        `/bff/imports/${v.value}`,
        `/bff/imports/${v.value}/report.csv`,
      ])
        cases.push(as('admin', `${path.replace(v.value, '{id}')} (${v.name})`, { method: 'GET', url: path }));
    }
    // Header-like values where a browser's headers are passed on.
    for (const v of HOSTILE_HEADER_VALUES) {
      const header = Buffer.from(v.value, 'utf8').toString('latin1');
      cases.push(
        as('agent', `user-agent ${v.name}`, {
          method: 'GET',
          url: `${MOUNTS.crm}/v1/leads?limit=1`,
          headers: { 'user-agent': header, 'accept-language': header },
        }),
      );
    }
    // A hostile session cookie is no session (401), and a hostile Origin on a write is refused (403).
    const cookieName = stack.cookies.agent.split('=')[0]!;
    for (const v of [...HOSTILE_TEXT, ...HOSTILE_HEADER_VALUES]) {
      const cookie = `${cookieName}=${encodeQueryValue(v.value)}`;
      cases.push(
        {
          ...as('agent', `session cookie ${v.name}`, { method: 'GET', url: '/bff/me', headers: { cookie } }),
          also: status(401),
        },
        {
          ...as('agent', `Origin ${v.name}`, {
            method: 'POST',
            url: `/bff/conversations/${convId}/read`,
            headers: { origin: Buffer.from(v.value, 'utf8').toString('latin1') },
          }),
          also: status(403),
        },
      );
    }
    expect(await problemsOf(cases)).toEqual([]);
  });

  it(
    'hostile request targets sent byte for byte are a 4xx with the error body',
    { timeout: 60_000 },
    async () => {
      // inject() and fetch() normalise a URL (resolving %2e%2e, re-encoding bytes); a socket does not.
      await stack.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = stack.app.server.address() as AddressInfo;
      const id = HOSTILE_PATH_IDS.map((v) => v.value);
      const targets = [
        ...id.map((v) => `/api/crm/v1/leads/${v}`),
        ...id.map((v) => `/api/social/v1/conversations/${v}/messages`),
        ...id.map((v) => `/bff/conversations/${v}/notes`),
        ...id.map((v) => `/bff/imports/${v}/report.csv`),
        ...id.map((v) => `/bff/${v}`),
        '/api/crm/v1/leads/a\\b',
        '/api/crm/v1/leads/\u00ff',
        '/%00',
        ...['%00', '%ED%A0%80', '%', '%ZZ', '%C0%AE', '1e308', '-0'].flatMap((q) => [
          `/api/crm/v1/leads?search=${q}`,
          `/api/crm/v1/leads?page=${q}`,
          `/bff/search?q=${q}`,
          `/bff/screens/thread?id=${q}`,
          `/bff/screens/inbox?offset=${q}`,
          `/bff/audit?user=${q}`,
          `/bff/export/leads.csv?search=${q}`,
          `/bff/reports/inbox?from=${q}&to=${q}`,
        ]),
      ];
      const problems: string[] = [];
      for (const target of targets) {
        for (const method of ['GET', 'POST']) {
          const res = await rawRequest(
            port,
            method,
            target,
            {
              Origin: 'http://127.0.0.1',
              'X-CSRF': '1',
              Cookie: stack.cookies.admin,
              'Content-Type': 'application/json',
            },
            method === 'POST' ? '{"body":"x"}' : '',
          );
          const problem = rawProblem(res);
          if (problem !== null) problems.push(`${method} ${target.slice(0, 80)}: ${problem}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it(
    'an import of hostile rows runs to its end, and its normal row is created',
    { timeout: 60_000 },
    async () => {
      const rows = [
        // A file holding a U+0000 or a lone surrogate is refused whole, naming the cells (the first
        // test sends those); every other hostile cell is taken, checked and sent.
        ...[...HOSTILE_TEXT, MEBIBYTE_TEXT]
          .filter((v) => !v.value.includes('\u0000') && !/[\uD800-\uDFFF]/u.test(v.value))
          .map((v) => ({
            name: v.value,
            company_name: v.value,
            source: v.value,
          })),
        { name: 'A normal import row', company_name: 'Normal Ltd' },
      ];
      const created = await stack.call('manager', {
        method: 'POST',
        url: '/bff/imports',
        ...json({ kind: 'leads', duplicates: 'create', fileName: 'hostile.csv', rows }),
      });
      expect(created.statusCode, created.body.slice(0, 300)).toBe(201);
      const job = ImportJob.parse(created.json());
      const started = await stack.call('manager', { method: 'POST', url: `/bff/imports/${job.id}/start` });
      expect(started.statusCode, started.body.slice(0, 300)).toBe(202);
      await vi.waitFor(
        async () => {
          const res = await stack.call('manager', { method: 'GET', url: `/bff/imports/${job.id}` });
          expect(ImportJob.parse(res.json())).toMatchObject({ state: 'done', counts: { pending: 0 } });
        },
        { timeout: 30_000, interval: 100 },
      );
      const leads = [...stack.upstream.fake.workspace().crm.leads.values()];
      expect(leads.filter((l) => l.name === 'A normal import row')).toHaveLength(1);
      const report = await stack.call('manager', { method: 'GET', url: `/bff/imports/${job.id}/report.csv` });
      expect(report.statusCode).toBe(200);
      expect(report.body).toContain('A normal import row');
    },
  );

  it(
    'keeps working afterwards: a normal write succeeds and is audited, a normal message is found',
    { timeout: 60_000 },
    async () => {
      const note = await stack.call('agent', {
        method: 'POST',
        url: `/bff/conversations/${convId}/notes`,
        ...json({ body: 'A normal note after the hostile ones' }),
      });
      expect(note.statusCode, note.body).toBe(201);
      const lead = await stack.call('manager', {
        method: 'POST',
        url: `${MOUNTS.crm}/v1/leads`,
        ...json({ name: 'A normal lead after the hostile ones' }),
      });
      expect(lead.statusCode, lead.body).toBe(201);
      const leadId = (lead.json() as { id: string }).id;
      const audited = async (action: string) => {
        const res = await stack.call('admin', {
          method: 'GET',
          url: `/bff/audit?action=${encodeURIComponent(action)}&limit=100`,
        });
        expect(res.statusCode, res.body).toBe(200);
        return AuditPage.parse(res.json()).data;
      };
      // The audit line is written once the answer has gone: it shows up shortly after.
      await vi.waitFor(
        async () => {
          const notes = await audited('POST /bff/conversations/:id/notes');
          expect(notes[0]).toMatchObject({
            status: 201,
            record: { id: convId },
            username: 'agent@test.example',
          });
          const leads = await audited('leads.create');
          expect(leads[0]).toMatchObject({ status: 201, username: 'manager@test.example' });
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(leadId).toBeTruthy();
      // The search index still takes a normal message after the hostile ones the sends left.
      stack.upstream.fake.control.advance(1_000);
      stack.upstream.fake.control.inbound({ conversationId: convId, text: 'Normalword after hostility' });
      await vi.waitFor(
        async () => {
          const res = await stack.call('agent', { method: 'GET', url: '/bff/search?q=normalword' });
          expect(res.statusCode, res.body).toBe(200);
          expect((res.json() as { messages: unknown[] }).messages).toHaveLength(1);
        },
        { timeout: 15_000, interval: 100 },
      );
    },
  );
});
