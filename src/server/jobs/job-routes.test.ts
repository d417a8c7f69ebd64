import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InboxScreenPage, JobList, JobSummary } from '../../contract';
import { conversation } from '../testing/live-records';
import { startAppWithStore, type AppWithStore } from '../testing/app-with-store';
import { seedWorkspace } from '../testing/workspace-seed';
import { setMeta } from '../workspace/workspace-writer';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';

// The jobs page's routes through the real BFF: an admin lists the queue's jobs with what they work
// on, cancels one through its feature (a snooze's wake cancelled wakes the thread, never leaves it
// snoozed for good), cannot cancel twice or re-run a job that did not fail; other roles are refused
// and malformed kinds and ids get a 400.

let stack: AppWithStore;
let app: FastifyInstance;
let admin = '';
let agent = '';

const MINUTE = 60_000;
const thread = conversation(1, { assigned_to_user_id: TEST_USERS.admin.upstreamUserId });
const get = (url: string, cookie = admin) => app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie = admin) =>
  app.inject({ method: 'POST', url, headers: { ...sameOriginHeaders, cookie } });
const openIds = async () =>
  InboxScreenPage.parse((await get('/bff/screens/inbox?status=open')).json()).rows.map(
    (r) => r.conversation.id,
  );

beforeAll(async () => {
  stack = await startAppWithStore({ live: true });
  ({ app } = stack);
  admin = await signIn(app, 'admin');
  agent = await signIn(app, 'agent');
  await seedWorkspace(stack.store.db, { conversations: [thread] });
  await setMeta(stack.store.db, 'loaded', ['conversations']);
}, 60_000);
afterAll(() => stack.close());

describe('the jobs page', () => {
  it('lists a snooze wake, and cancelling it wakes the thread', async () => {
    const until = new Date(Date.now() + 90 * MINUTE).toISOString();
    const snoozed = await app.inject({
      method: 'PUT',
      url: `/bff/conversations/${thread.id}/snooze`,
      headers: { ...sameOriginHeaders, cookie: admin },
      payload: { until },
    });
    expect(snoozed.statusCode).toBe(200);
    expect(await openIds()).not.toContain(thread.id);

    const listed = JobList.parse((await get('/bff/jobs?kind=snooze-wake&state=created')).json()).data;
    expect(listed).toHaveLength(1);
    const job = listed[0]!;
    expect(job).toMatchObject({
      kind: 'snooze-wake',
      state: 'created',
      subject: { kind: 'conversation', id: thread.id },
      startAfter: until,
      cancellable: true,
      error: null,
    });

    const cancelled = await post(`/bff/jobs/snooze-wake/${job.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(JobSummary.parse(cancelled.json())).toMatchObject({
      id: job.id,
      state: 'cancelled',
      cancellable: false,
    });
    expect(await openIds()).toContain(thread.id);

    const again = await post(`/bff/jobs/snooze-wake/${job.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: expect.stringContaining('cancelled already') });
    const rerun = await post(`/bff/jobs/snooze-wake/${job.id}/retry`);
    expect(rerun.statusCode).toBe(409);
    expect(JobList.parse((await get('/bff/jobs?state=cancelled')).json()).data.map((j) => j.id)).toContain(
      job.id,
    );
  });

  it('answers 404 for a job that is not on the queue', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await post(`/bff/jobs/snooze-wake/${missing}/cancel`)).statusCode).toBe(404);
    expect((await post(`/bff/jobs/import-run/${missing}/retry`)).statusCode).toBe(404);
  });

  it('refuses malformed kinds, ids and filters with 400 naming the field', async () => {
    for (const url of [
      '/bff/jobs/nope/00000000-0000-4000-8000-000000000000/cancel',
      '/bff/jobs/snooze-wake/not-an-id/cancel',
      '/bff/jobs/snooze-wake/%00/retry',
      '/bff/jobs/snooze-wake/%ED%A0%80/retry',
      `/bff/jobs/snooze-wake/${'9'.repeat(500)}/retry`,
    ]) {
      const answer = await post(url);
      expect(answer.statusCode, url).toBe(400);
    }
    for (const query of ['state=lost', 'kind=%00', `kind=${'x'.repeat(10_000)}`, 'extra=1']) {
      const answer = await get(`/bff/jobs?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json()).toHaveProperty('error');
    }
  });

  it('is for admins only', async () => {
    expect((await get('/bff/jobs', agent)).statusCode).toBe(403);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await post(`/bff/jobs/snooze-wake/${missing}/cancel`, agent)).statusCode).toBe(403);
  });
});
