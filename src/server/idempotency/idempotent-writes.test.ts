import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { openStore, type TeamStore } from '../store/open-store';
import { buildTestApp } from '../testing/test-app';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';
import { fingerprint } from './idempotency-key';
import { IdempotencyRepository } from './idempotency-repository';

// Sends and creates with an Idempotency-Key through the real BFF on the fake upstream over HTTP
// (issue 34, point 4): an answer that comes after UPSTREAM_TIMEOUT_MS is "outcome unknown", not a
// failure; a repeat with the same key answers with the one copy the upstream holds and never makes
// a second; a key reused for another request is refused.

const TIMEOUT_MS = 500;
const LATE_BY_MS = 1_200;

let fake: FakeUpstream;
let store: TeamStore;
let app: FastifyInstance;
let agent = '';
let manager = '';
let thread = '';
/** How far the BFF's clock runs ahead of real time: a test moves it past the grace. */
let ahead = 0;

beforeAll(async () => {
  fake = await startFakeUpstream({ port: 0, clock: 'frozen' });
  store = await openStore({ kind: 'pglite', dataDir: null });
  app = await buildTestApp(fake, {
    env: { API_KEY: 'demo-admin-key', LOG_LEVEL: 'silent', UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) },
    database: store,
    clock: () => Date.now() + ahead,
  });
  agent = await signIn(app, 'agent');
  manager = await signIn(app, 'manager');
}, 60_000);
afterAll(async () => {
  await app.close();
  await store.close();
  await fake.close();
});

beforeEach(() => {
  ahead = 0;
  // No reset between tests: the fake's ids would start again, and a key of an earlier test
  // would hold the id of a message of this one. Texts and names are unique instead.
  const [first] = [...fake.fake.workspace().social.threads.values()].filter((t) => !t.conv.is_group);
  thread = first!.conv.id;
  // An inbound message opens the thread's 24-hour window, so a text may be sent.
  fake.fake.control.inbound({ conversationId: thread, text: 'Hello?' });
});

const post = (url: string, payload: object, key?: string, cookie = agent) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...sameOriginHeaders, cookie, ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    payload,
  });

const sendText = (text: string, key?: string) =>
  post(`/api/social/v1/conversations/${thread}/messages`, { text }, key);
const createLead = (body: object, key?: string) => post('/api/crm/v1/leads', body, key, manager);

const copiesOf = (text: string) =>
  fake.fake
    .workspace()
    .social.threads.get(thread)!
    .messages.filter((m) => m.text === text);
const leadsNamed = (name: string) =>
  [...fake.fake.workspace().crm.leads.values()].filter((l) => l.name === name);

/** Waits for a state of the fake, asking again every few ms. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never: ${what}`);
}

/** Repeats a keyed request while its outcome is unknown, as the browser does. */
async function askUntilKnown(ask: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  for (let i = 0; i < 200; i++) {
    const res = await ask();
    if (res.headers['idempotency-outcome'] !== 'unknown') return res;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the outcome never became known');
}

const expectUnknown = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(504);
  expect(res.headers['idempotency-outcome']).toBe('unknown');
  expect(res.headers['x-bff-error']).toBe('1');
  expect(res.json()).toMatchObject({ statusCode: 504, error: 'Gateway Timeout', outcome: 'unknown' });
};

describe('a message send answered after the timeout', () => {
  it('is "outcome unknown", and a retry with the same key answers with the one copy sent', async () => {
    const text = `Late hello ${crypto.randomUUID()}`;
    const key = crypto.randomUUID();
    fake.fake.control.fail({
      method: 'POST',
      path: '/v1/conversations/{id}/messages',
      delayMs: LATE_BY_MS,
      host: 'social',
    });
    expectUnknown(await sendText(text, key));
    await until(() => copiesOf(text).length > 0, 'the late send landed');
    const retry = await sendText(text, key);
    expect(retry.statusCode).toBe(202);
    expect(copiesOf(text)).toHaveLength(1);
    expect(retry.json()).toMatchObject({ id: copiesOf(text)[0]!.id, text, direction: 'outbound' });
  });

  it('keeps saying "unknown" while the upstream is still at it, then gives the sent message', async () => {
    const text = `Slow hello ${crypto.randomUUID()}`;
    const key = crypto.randomUUID();
    fake.fake.control.fail({
      method: 'POST',
      path: '/v1/conversations/{id}/messages',
      delayMs: LATE_BY_MS,
      host: 'social',
    });
    expectUnknown(await sendText(text, key));
    expectUnknown(await sendText(text, key));
    const known = await askUntilKnown(() => sendText(text, key));
    expect(known.statusCode).toBe(202);
    expect(copiesOf(text)).toHaveLength(1);
    expect(known.json()).toMatchObject({ id: copiesOf(text)[0]!.id });
  });

  it('answers a repeat of a prompt send with the recorded answer, not a second copy', async () => {
    const text = `Twice ${crypto.randomUUID()}`;
    const key = crypto.randomUUID();
    // On a busy machine even a prompt send may outlast the short timeout: ask until known.
    const first = await askUntilKnown(() => sendText(text, key));
    expect(first.statusCode).toBe(202);
    const again = await sendText(text, key);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotency-outcome']).toBe('replayed');
    expect(again.json()).toEqual(first.json());
    expect(copiesOf(text)).toHaveLength(1);
  });

  it('finds a copy the upstream made though its answer was an error, instead of sending again', async () => {
    const text = `Half-failed ${crypto.randomUUID()}`;
    const key = crypto.randomUUID();
    // The gateway in front of the upstream answers 502 as the message goes out: simulated by the
    // message being in the thread while the BFF holds a 5xx for the key.
    fake.fake.control.fail({
      method: 'POST',
      path: '/v1/conversations/{id}/messages',
      status: 502,
      host: 'social',
    });
    // The 502, or "unknown" when it came after the timeout on a busy machine: unresolved either way.
    expect([502, 504]).toContain((await sendText(text, key)).statusCode);
    const sent = await sendText(text); // the copy made by the "failed" send, as the upstream holds it
    expect(sent.statusCode).toBe(202);
    const retry = await sendText(text, key);
    expect(retry.statusCode).toBe(202);
    expect(retry.headers['idempotency-outcome']).toBe('found');
    expect(retry.json()).toMatchObject({ id: sent.json<{ id: string }>().id });
    expect(copiesOf(text)).toHaveLength(1);
  });
});

describe('a send to a new number, which no lookup can check', () => {
  it('never goes out again blindly: after an answer that confirms nothing, a repeat is told to check', async () => {
    const template = fake.fake.workspace().social.templates.find((t) => t.status === 'APPROVED')!;
    const to = `4479${String(Date.now()).slice(-8)}`;
    const body = {
      channelId: template.channel_id,
      to,
      template: { templateName: template.name, templateLanguage: template.language },
    };
    const key = crypto.randomUUID();
    fake.fake.control.fail({ method: 'POST', path: '/v1/conversations/send', status: 502, host: 'social' });
    const send = () => post('/api/social/v1/conversations/send', body, key);
    // The 502 itself, or (when it came after the timeout on a busy machine) already the 409.
    expect([502, 409]).toContain((await askUntilKnown(send)).statusCode);
    const repeat = await askUntilKnown(send);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json<{ message: string }>().message).toMatch(
      /look at the conversation before sending again/,
    );
    const threads = [...fake.fake.workspace().social.threads.values()].filter(
      (t) => t.conv.external_thread_id === to,
    );
    expect(threads).toHaveLength(0);
  });
});

describe('a lead create answered after the timeout', () => {
  it('is "outcome unknown", and a retry with the same key answers with the one lead made', async () => {
    const name = `Late lead ${crypto.randomUUID().slice(0, 8)}`;
    const key = crypto.randomUUID();
    fake.fake.control.fail({ method: 'POST', path: '/v1/leads', delayMs: LATE_BY_MS, host: 'crm' });
    expectUnknown(await createLead({ name, email: 'late.lead@example.com' }, key));
    await until(() => leadsNamed(name).length > 0, 'the late create landed');
    const retry = await createLead({ name, email: 'late.lead@example.com' }, key);
    expect(retry.statusCode).toBe(201);
    expect(leadsNamed(name)).toHaveLength(1);
    expect(retry.json()).toMatchObject({ id: leadsNamed(name)[0]!.id, name });
  });

  it('while still in flight, keeps saying "unknown", then gives the lead, made once', async () => {
    const name = `Slow lead ${crypto.randomUUID().slice(0, 8)}`;
    const key = crypto.randomUUID();
    fake.fake.control.fail({ method: 'POST', path: '/v1/leads', delayMs: LATE_BY_MS, host: 'crm' });
    expectUnknown(await createLead({ name }, key));
    const known = await askUntilKnown(() => createLead({ name }, key));
    expect(known.statusCode).toBe(201);
    expect(leadsNamed(name)).toHaveLength(1);
  });
});

describe('keys', () => {
  it('refuses a key reused for a different request, saying so', async () => {
    const key = crypto.randomUUID();
    expect((await askUntilKnown(() => sendText('First words', key))).statusCode).toBe(202);
    const other = await sendText('Other words', key);
    expect(other.statusCode).toBe(422);
    expect(other.headers['x-bff-error']).toBe('1');
    expect(other.json<{ message: string }>().message).toMatch(/already used for a different request/);
    expect(copiesOf('Other words')).toHaveLength(0);
  });

  it("passes the upstream's own error through as the upstream's", async () => {
    fake.fake.control.fail({
      method: 'POST',
      path: '/v1/leads',
      status: 502,
      message: 'Bad gateway upstream',
    });
    const res = await createLead({ name: `Gateway ${crypto.randomUUID().slice(0, 8)}` }, crypto.randomUUID());
    expect(res.statusCode).toBe(502);
    expect(res.headers['x-bff-error']).toBeUndefined();
    expect(res.json()).toMatchObject({ statusCode: 502, message: 'Bad gateway upstream' });
  });

  it('refuses a malformed key with a 400 naming the header, sending nothing', async () => {
    const res = await sendText('Bad key', 'no spaces allowed');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string[] }>().message).toEqual([expect.stringMatching(/^Idempotency-Key /)]);
    expect(copiesOf('Bad key')).toHaveLength(0);
  });

  it('frees the key of a request the upstream refused, so the corrected one can carry it', async () => {
    const key = crypto.randomUUID();
    const name = `Refused first ${crypto.randomUUID().slice(0, 8)}`;
    fake.fake.control.fail({
      method: 'POST',
      path: '/v1/leads',
      status: 400,
      message: 'currency is not known',
    });
    expect((await createLead({ name, currency: 'XXX' }, key)).statusCode).toBe(400);
    const fixed = await askUntilKnown(() => createLead({ name, currency: 'EUR' }, key));
    expect(fixed.statusCode).toBe(201);
    expect(leadsNamed(name)).toHaveLength(1);
  });

  it("keeps one person's key apart from another's", async () => {
    const key = crypto.randomUUID();
    const name = `Shared key ${crypto.randomUUID().slice(0, 8)}`;
    expect((await askUntilKnown(() => createLead({ name }, key))).statusCode).toBe(201);
    const admin = await signIn(app, 'admin');
    const theirs = await askUntilKnown(() => post('/api/crm/v1/leads', { name: `${name} too` }, key, admin));
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json()).toMatchObject({ name: `${name} too` });
    expect(leadsNamed(`${name} too`)).toHaveLength(1);
  });
});

describe('a key left in flight by an instance that stopped', () => {
  /** The record a BFF instance wrote before it sent the text and died. */
  const leftInFlight = async (text: string, key: string) =>
    new IdempotencyRepository(store.db).begin(
      { username: TEST_USERS.agent.username, key },
      {
        routeId: 'messages.sendText',
        fingerprint: fingerprint('messages.sendText', { id: thread }, { text }),
      },
      Date.now(),
      24 * 3_600_000,
    );

  it('answers with the message the upstream made, found by a lookup', async () => {
    const text = `Orphan sent ${crypto.randomUUID()}`;
    const key = crypto.randomUUID();
    await leftInFlight(text, key);
    const made = await sendText(text); // what the dead instance's call made upstream
    const res = await sendText(text, key);
    expect(res.statusCode).toBe(202);
    expect(res.headers['idempotency-outcome']).toBe('found');
    expect(res.json()).toMatchObject({ id: made.json<{ id: string }>().id });
    expect(copiesOf(text)).toHaveLength(1);
  });

  it('sends it again only once the grace has passed with nothing upstream, and only once', async () => {
    const text = `Orphan lost ${crypto.randomUUID()}`;
    const key = crypto.randomUUID();
    await leftInFlight(text, key);
    expectUnknown(await sendText(text, key));
    expect(copiesOf(text)).toHaveLength(0);
    ahead = 60_000;
    const [a, b] = await Promise.all([sendText(text, key), sendText(text, key)]);
    const statuses = [a!.statusCode, b!.statusCode].sort();
    expect(statuses[0]).toBe(202);
    expect(copiesOf(text)).toHaveLength(1);
    const again = await askUntilKnown(() => sendText(text, key));
    expect(again.json()).toMatchObject({ id: copiesOf(text)[0]!.id });
  });
});
