// The `/__fake/` control surface refuses malformed input with a 400 in the spec's error body, like
// the hosts do, and never answers a 500. Its own schemas (control-schemas.ts) are the oracle.
import { afterEach, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { fake, useFakeServer } from '../node';
import { GLOBEX_TENANT } from '../team';
import {
  ChatterBody,
  ClockBody,
  FailBody,
  FailDeliveryBody,
  InboundBody,
  PlanLimitBody,
  ResetBody,
  RevokeBody,
} from './control-schemas';
import { control } from './test-client';
import { errorText, expectAnswered, expectErrorBody, expectFieldError } from './test-expect';

useFakeServer();
// `{on: true}` is a valid chatter body: stop the timer so no message lands in a later test.
afterEach(() => fake.control.chatter(false));

interface Endpoint {
  name: string;
  schema: z.ZodMiniType;
  /** A valid body, built on the current seed. */
  sample: () => Record<string, unknown>;
  fields: readonly string[];
}

const threadId = () => [...fake.workspace().social.threads.keys()][0]!;

const ENDPOINTS: readonly Endpoint[] = [
  { name: 'reset', schema: ResetBody, sample: () => ({}), fields: ['scale'] },
  {
    name: 'inbound',
    schema: InboundBody,
    sample: () => ({ conversationId: threadId(), text: 'Hello' }),
    fields: ['conversationId', 'text', 'type', 'media', 'senderName'],
  },
  { name: 'clock', schema: ClockBody, sample: () => ({ advanceMs: 1_000 }), fields: ['advanceMs'] },
  {
    name: 'fail',
    schema: FailBody,
    sample: () => ({ method: 'GET', path: '/v1/nothing-calls-this', status: 503 }),
    fields: ['method', 'path', 'host', 'status', 'count', 'message', 'delayMs'],
  },
  {
    name: 'plan-limit',
    schema: PlanLimitBody,
    sample: () => ({ tenantId: GLOBEX_TENANT, limit: 'seats' }),
    fields: ['tenantId', 'limit'],
  },
  { name: 'revoke', schema: RevokeBody, sample: () => ({ key: 'no-such-key' }), fields: ['key'] },
  {
    name: 'fail-delivery',
    schema: FailDeliveryBody,
    sample: () => ({ conversationId: threadId(), reason: 'Blocked' }),
    fields: ['conversationId', 'reason'],
  },
  { name: 'chatter', schema: ChatterBody, sample: () => ({ on: false }), fields: ['on'] },
];

const HUGE = 'x'.repeat(100_000);
const ODD_VALUES: readonly unknown[] = [123_456, -1.5, 1e300, true, null, [], { a: { b: 1 } }, '', HUGE];
const table = ENDPOINTS.map((e) => [e.name, e] as const);

describe('POST /__fake/*', () => {
  it.each(table)('%s: every field with an odd value', async (_, endpoint) => {
    for (const field of endpoint.fields) {
      for (const value of ODD_VALUES) {
        const body = { ...endpoint.sample(), [field]: value };
        const res = await control('POST', endpoint.name, { body });
        if (endpoint.schema.safeParse(body).success) expectAnswered(res);
        else expectFieldError(res, field);
      }
    }
  });

  it.each(table)('%s: a body that is no JSON object, or not sent as JSON', async (_, endpoint) => {
    for (const rawBody of ['null', '[]', '"text"', '42', '{', '{"a":']) {
      const body = expectErrorBody(await control('POST', endpoint.name, { rawBody }), 400);
      expect(body.message).toEqual([expect.stringMatching(/^body /)]);
    }
    const rawBody = JSON.stringify(endpoint.sample());
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', null]) {
      const res = await control('POST', endpoint.name, { rawBody, contentType });
      expect(errorText(expectErrorBody(res, 400))).toContain('application/json');
    }
    const ok = await control('POST', endpoint.name, { rawBody });
    expectAnswered(ok);
  });

  it('keeps the clock a valid date: a jump past ten years is refused', async () => {
    const res = await control('POST', 'clock', { body: { advanceMs: 1e15 } });
    expect(expectErrorBody(res, 400).message).toEqual([expect.stringMatching(/^advanceMs /)]);
    expect((await control('GET', 'clock')).status).toBe(200);
  });
});

describe('GET /__fake/* and paths off the control surface', () => {
  it('refuses query parameters a read does not take, and a missing or repeated link', async () => {
    expect(expectErrorBody(await control('GET', 'clock', { query: { x: '1' } }), 400).message).toEqual([
      'x is not allowed',
    ]);
    expectErrorBody(await control('GET', 'invite-link-valid'), 400);
    const repeated = await control('GET', 'invite-link-valid', { query: 'link=a&link=b' });
    expect(expectErrorBody(repeated, 400).message).toEqual(['link must not be repeated']);
  });

  it('answers an unknown control path or a wrong method with a 404 error body', async () => {
    for (const [method, name] of [
      ['GET', 'reset'],
      ['DELETE', 'clock'],
      ['POST', 'no-such-control'],
      ['GET', '%ZZ'],
    ] as const) {
      const body = expectErrorBody(await control(method, name), 404);
      expect(body.message).toBe(`Cannot ${method} /__fake/${name}`);
    }
  });
});
