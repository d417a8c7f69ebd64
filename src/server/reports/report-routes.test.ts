import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InboxReport } from '../../contract';
import { startAppWithStore, type AppWithStore } from '../testing/app-with-store';
import { conversation, message } from '../testing/live-records';
import { signIn } from '../testing/test-users';
import { seedWorkspace } from '../testing/workspace-seed';
import { HistoryRepository } from './history-repository';

// GET /bff/reports/inbox through the real BFF and its database: the recorded history in the range,
// names for ids, overdue threads from the workspace, managers only, and bad ranges refused.

let stack: AppWithStore;
const OTHER_CHANNEL = '0c4a0000-0000-4000-8000-000000000002';
let app: FastifyInstance;
let manager = '';
let agent = '';
const get = (url: string, cookie = manager) => app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  stack = await startAppWithStore({ live: true });
  app = stack.app;
  const waited = '2026-01-05T09:00:00.000Z';
  const answered = '2026-01-05T09:10:00.000Z';
  await seedWorkspace(stack.store.db, {
    conversations: [
      // A thread whose contact wrote long ago and got no answer: overdue.
      conversation(1, { status: 'open', last_message_at: waited }),
      // Answered, closed, or on another channel: not overdue.
      conversation(2, { status: 'open', last_message_at: answered }),
      conversation(3, { status: 'closed', last_message_at: waited }),
      conversation(4, { status: 'open', last_message_at: waited, channel_id: OTHER_CHANNEL }),
    ],
    messages: [
      message(1, 1, { direction: 'inbound', created_at: waited, sender_name: 'Sofia' }),
      message(2, 1, { direction: 'inbound', created_at: waited }),
      message(2, 2, { direction: 'outbound', from_me: true, created_at: answered }),
      message(3, 1, { direction: 'inbound', created_at: waited }),
      message(4, 1, { direction: 'inbound', created_at: waited }),
    ],
  });
  await new HistoryRepository(stack.store.db).insert([
    {
      kind: 'message',
      messageId: 'm1',
      conversationId: 'x',
      channelId: null,
      assignee: null,
      direction: 'inbound',
      at: '2026-01-05T09:00:00.000Z',
    },
    {
      kind: 'message',
      messageId: 'm2',
      conversationId: 'x',
      channelId: null,
      assignee: null,
      direction: 'outbound',
      at: '2026-01-05T09:05:00.000Z',
    },
  ]);
  manager = await signIn(app, 'manager');
  agent = await signIn(app, 'agent');
}, 60_000);
afterAll(() => stack.close());

describe('GET /bff/reports/inbox', () => {
  it('reports the range from the recorded history, with overdue threads', async () => {
    const res = await get('/bff/reports/inbox?from=2026-01-05&to=2026-01-05&target=30');
    expect(res.statusCode).toBe(200);
    const report = InboxReport.parse(res.json());
    expect(report.firstResponse).toMatchObject({ count: 1, median: 300, unanswered: 0 });
    expect(report.byDay).toEqual([{ day: '2026-01-05', inbound: 1, outbound: 1 }]);
    expect(report.byChannel).toEqual([{ channel: 'No channel', inbound: 1, outbound: 1 }]);
    expect(report.byAgent).toEqual([expect.objectContaining({ agent: 'Unassigned', replies: 1 })]);
    expect(report.overdue.map((o) => [o.conversationId, o.name, o.agent])).toEqual([
      [conversation(1).id, 'Sofia', 'Unassigned'],
      [conversation(4).id, 'Sofia', 'Unassigned'],
    ]);
    const one = InboxReport.parse(
      (await get(`/bff/reports/inbox?from=2026-01-05&to=2026-01-05&channel=${OTHER_CHANNEL}`)).json(),
    );
    expect(one.overdue.map((o) => o.conversationId)).toEqual([conversation(4).id]);
    expect(report.since).not.toBeNull();
    const empty = InboxReport.parse((await get('/bff/reports/inbox?from=2026-02-01&to=2026-02-02')).json());
    expect(empty.firstResponse).toEqual({ count: 0, unanswered: 0, median: null, p90: null });
  });

  it('is for managers and admins, and refuses a bad range with the field named', async () => {
    for (const report of ['inbox', 'pipeline']) {
      const refused = await get(`/bff/reports/${report}?from=2026-01-05&to=2026-01-05`, agent);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: 'Your role (agent) may not do this' });
    }
    const pipelineBackwards = await get('/bff/reports/pipeline?from=2026-01-05&to=2026-01-01');
    expect(pipelineBackwards.statusCode).toBe(400);
    expect(pipelineBackwards.json()).toMatchObject({ message: ['to: must not be before from'] });
    const backwards = await get('/bff/reports/inbox?from=2026-01-05&to=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain('to');
    expect((await get('/bff/reports/inbox?from=2025-01-01&to=2026-12-31')).statusCode).toBe(400);
    expect((await get('/bff/reports/inbox?from=yesterday&to=2026-01-01')).statusCode).toBe(400);
    expect((await get('/bff/reports/inbox?from=2026-01-05&to=2026-01-05', '')).statusCode).toBe(401);
  });
});
