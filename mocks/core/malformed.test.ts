// Malformed requests, route by route: every one is a 400 with the spec's error body (or, where the
// contract accepts the odd value, an ordinary answer), never a 500. The contract's own schemas are
// the oracle, so a field the contract tightens tomorrow is covered without editing this file.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ROUTES, buildPath, type RouteDef } from '../../src/contract';
import { fake, useFakeServer } from '../node';
import { callRoute, sampleFor } from './route-samples';
import { UNKNOWN_ID, call } from './test-client';
import { errorText, expectAnswered, expectErrorBody, expectFieldError } from './test-expect';
import { resetAfterEachTest, shareOneSeed } from './test-seed';

// Odd bodies may be accepted and change the store: that block resets after each test. Odd queries
// and paths are reads or refusals: those blocks share one seed.
useFakeServer({ resetAfterEach: false });

const label = (r: RouteDef) => `${r.method} ${r.host} ${r.path}`;
const table = (routes: readonly RouteDef[]) => routes.map((r) => [label(r), r] as const);

const HUGE = 'x'.repeat(100_000);
/** Values of the wrong type or out of any sensible range, tried in every body field. */
const ODD_VALUES: readonly unknown[] = [
  12345,
  -1.5,
  true,
  null,
  [],
  { nested: { deeper: [1] } },
  HUGE,
  // Text a store, an index or a log trips over (issue 34).
  'a\u0000b',
  'lone \uD800 surrogate',
  '\u202Eright-to-left',
];
/** The same for query parameters, which arrive as text. */
const ODD_QUERY_VALUES = [
  'abc',
  '-1',
  '1.5',
  '',
  '1e3',
  ' 5 ',
  'x'.repeat(5_000),
  'a\u0000b',
  'Infinity',
  '9007199254740993',
];
/** Path segments that are no id (already percent-encoded, as they travel). */
const ODD_SEGMENTS = [
  'not-a-uuid',
  '12345',
  'x'.repeat(2_000),
  '%ZZ',
  '%2E%2E%2Fadmin',
  'a%2Fb',
  '%20',
  // A NUL, an invalid UTF-8 sequence (a lone surrogate), an over-long dot, a UUID with a NUL after it.
  '%00',
  '%ED%A0%80',
  '%C0%AE',
  '6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10%00',
];

/** A schema's top-level fields; the contract wraps its objects in z.lazy, which has no shape itself. */
const fieldsOf = (schema: z.ZodMiniType | undefined): string[] => {
  let inner: unknown = schema;
  while (inner instanceof z.ZodMiniLazy) inner = inner._zod.def.getter();
  return inner instanceof z.ZodMiniObject ? Object.keys(inner.shape) : [];
};

const bodyRoutes = ROUTES.filter((r) => r.body !== undefined);
const queryRoutes = ROUTES.filter((r) => r.query !== undefined);
const paramRoutes = ROUTES.filter((r) => Object.keys(r.params).length > 0);

it('finds the fields of every body and query it fuzzes, so no route is fuzzed with nothing', () => {
  for (const route of bodyRoutes) expect(fieldsOf(route.body), route.id).not.toEqual([]);
  for (const route of queryRoutes) expect(fieldsOf(route.query), route.id).not.toEqual([]);
});

describe('malformed bodies', () => {
  resetAfterEachTest(fake);

  it.each(table(bodyRoutes))('%s: every field with an odd value', async (_, route) => {
    const sample = sampleFor(fake, route).body as Record<string, unknown>;
    for (const field of fieldsOf(route.body)) {
      for (const value of ODD_VALUES) {
        const body = { ...sample, [field]: value };
        const res = await callRoute(fake, route, { body });
        if (route.body!.safeParse(body).success) expectAnswered(res);
        else expectFieldError(res, field);
      }
    }
  });

  it.each(table(bodyRoutes))('%s: a body that is no JSON object', async (_, route) => {
    const raw = ['null', '[]', '[{"a":1}]', '"text"', '42', 'true', '{', '{"a":', `${'['.repeat(5_000)}`];
    for (const rawBody of raw) expectFieldError(await callRoute(fake, route, { rawBody }), 'body');
  });

  it.each(table(bodyRoutes))('%s: a JSON body sent without a JSON content type', async (_, route) => {
    const rawBody = JSON.stringify(sampleFor(fake, route).body);
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      null,
    ]) {
      const res = await callRoute(fake, route, { rawBody, contentType });
      expectFieldError(res, 'body');
      expect(errorText(expectErrorBody(res, 400))).toContain('application/json');
    }
    // A charset parameter is still JSON.
    const charset = await callRoute(fake, route, { rawBody, contentType: 'application/json; charset=utf-8' });
    expect(charset.status, JSON.stringify(charset.body)).toBe(route.status);
  });
});

describe('malformed queries', () => {
  shareOneSeed(fake);

  it.each(table(queryRoutes))('%s: every parameter with an odd value', async (_, route) => {
    const sample = sampleFor(fake, route).query ?? {};
    for (const name of fieldsOf(route.query)) {
      for (const value of ODD_QUERY_VALUES) {
        const query = { ...sample, [name]: value };
        const res = await callRoute(fake, route, { query });
        if (route.query!.safeParse(query).success) expectAnswered(res);
        else expectFieldError(res, name);
      }
    }
  });

  it.each(table(ROUTES.filter((r) => r.query === undefined)))(
    '%s: takes no query, so any parameter is refused',
    async (_, route) => {
      const res = await callRoute(fake, route, { query: { bogus: '1' } });
      expect(expectErrorBody(res, 400).message).toEqual(['bogus is not allowed']);
    },
  );
});

describe('malformed path parameters', () => {
  shareOneSeed(fake);

  it.each(table(paramRoutes))('%s: a malformed parameter is a 400 naming it', async (_, route) => {
    const sample = sampleFor(fake, route);
    for (const name of Object.keys(route.params)) {
      const template = route.path.replace(`{${name}}`, '\u0000');
      const valid = sample.path;
      for (const segment of ODD_SEGMENTS) {
        // The sample's path with one parameter swapped for the odd segment, the others left valid.
        const path = swapSegment(valid, template, segment);
        const res = await call(route.host, route.method, path, {
          ...(sample.query ? { query: sample.query } : {}),
          ...(sample.body !== undefined ? { body: sample.body } : {}),
        });
        let decoded: string | null = null;
        try {
          decoded = decodeURIComponent(segment);
        } catch {
          // A bad escape is malformed whatever the schema says.
        }
        if (decoded !== null && route.params[name]!.safeParse(decoded).success) {
          expectErrorBody(res, 404);
        } else {
          expectFieldError(res, name);
        }
      }
    }
  });

  it.each(table(paramRoutes.filter((r) => Object.values(r.params).length === 1 && 'id' in r.params)))(
    '%s: a well-formed id of no record is a 404',
    async (_, route) => {
      const sample = sampleFor(fake, route);
      const res = await call(route.host, route.method, buildPath(route, { id: UNKNOWN_ID }), {
        ...(sample.query ? { query: sample.query } : {}),
        ...(sample.body !== undefined ? { body: sample.body } : {}),
      });
      expectErrorBody(res, 404);
    },
  );

  it('checks the key before the path: no key and a malformed id is a 401', async () => {
    expectErrorBody(await call('crm', 'GET', '/v1/leads/not-a-uuid', { key: null }), 401);
    const res = await call('crm', 'GET', '/v1/leads/not-a-uuid');
    expect(expectErrorBody(res, 400).message).toEqual(['id must be a UUID']);
  });

  it('reports a malformed id, query and body together', async () => {
    const res = await call('social', 'POST', '/v1/conversations/nope/messages', {
      query: { x: '1' },
      body: { text: 5 },
    });
    expect(expectErrorBody(res, 400).message).toEqual([
      'id must be a UUID',
      'x is not allowed',
      expect.stringMatching(/^text /),
    ]);
  });

  it('keeps a path that fits no template a 404 naming it', async () => {
    const res = await call('crm', 'GET', '/v1/leads/not-a-uuid/extra');
    expect(expectErrorBody(res, 404).message).toBe('Cannot GET /crm/api/v1/leads/not-a-uuid/extra');
  });
});

/** The sample path with the parameter at `template`'s NUL marker replaced by `segment`. */
function swapSegment(samplePath: string, template: string, segment: string): string {
  const templateParts = template.split('/');
  const sampleParts = samplePath.split('/');
  expect(sampleParts.length).toBe(templateParts.length);
  return templateParts.map((part, i) => (part === '\u0000' ? segment : sampleParts[i])).join('/');
}
