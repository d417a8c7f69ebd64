import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LIMIT_MAX, SearchResults, snippetParts } from '../../contract';
import { callStatsOf } from '../../../mocks/core/call-stats';
import { startAppWithStore, type AppWithStore } from '../testing/app-with-store';
import { contact, conversation, customer, lead, quickReply } from '../testing/live-records';
import { signIn } from '../testing/test-users';
import { seedWorkspace } from '../testing/workspace-seed';
import { replaceList } from '../workspace/workspace-writer';
import { recordAuthors } from '../authors/message-authors';
import { SearchRepository } from './search-repository';

// GET /bff/search through the real BFF and its database: messages from the index with their
// thread's name, records from the workspace, no upstream call, and a 400 naming a bad parameter.

let stack: AppWithStore;
let app: FastifyInstance;
let agent = '';
const get = (url: string, cookie = agent) => app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  stack = await startAppWithStore({ live: true });
  app = stack.app;
  const sofia = contact(1, 1, { first_name: 'Sofia', last_name: 'Refundez' });
  await seedWorkspace(stack.store.db, {
    contacts: [sofia],
    customers: [customer(1, { name: 'Refund Partners' })],
    conversations: [conversation(1, { contact_id: sofia.id })],
    leads: [lead(1, { name: 'Refund desk' })],
  });
  await replaceList(
    stack.store.db,
    'quickReplies',
    [quickReply(1, { title: 'Refund policy', shortcut: 'refund' })],
    { startedAt: 0, now: 0 },
  );
  await new SearchRepository(stack.store.db).upsert([
    {
      messageId: 'm-1',
      conversationId: conversation(1).id,
      direction: 'inbound',
      senderName: 'Sofia',
      body: 'I would like a refund for my order',
      createdAt: '2026-01-05T09:00:00.000Z',
    },
    // A thread the workspace no longer holds is not offered.
    {
      messageId: 'm-2',
      conversationId: conversation(9).id,
      direction: 'inbound',
      senderName: null,
      body: 'refund elsewhere',
      createdAt: '2026-01-05T09:01:00.000Z',
    },
    {
      messageId: 'm-3',
      conversationId: conversation(1).id,
      direction: 'outbound',
      senderName: 'Acme Inc.',
      body: 'Your refund is on its way',
      createdAt: '2026-01-05T09:02:00.000Z',
    },
  ]);
  await recordAuthors(stack.store.db, conversation(1).id, { 'm-3': { kind: 'person', name: 'Lee Sales' } });
  agent = await signIn(app, 'agent');
}, 60_000);
afterAll(() => stack.close());

describe('GET /bff/search', () => {
  it('finds messages, contacts, customers, leads and quick replies in one answer, without the upstream', async () => {
    const before = callStatsOf(stack.upstream.fake).read().total;
    const res = await get('/bff/search?q=refund');
    expect(res.statusCode).toBe(200);
    const results = SearchResults.parse(res.json());
    expect(results.messages).toHaveLength(2);
    // A reply says which teammate sent it (issue 36.1); the contact's message has no author.
    expect(results.messages[0]).toMatchObject({ messageId: 'm-3', author: { name: 'Lee Sales' } });
    expect(results.messages[1]).toMatchObject({
      messageId: 'm-1',
      conversationId: conversation(1).id,
      threadName: 'Sofia Refundez',
    });
    expect(results.messages[1]!.author).toBeUndefined();
    expect(
      snippetParts(results.messages[1]!.snippet)
        .filter((p) => p.match)
        .map((p) => p.text),
    ).toEqual(['refund']);
    expect(results.contacts.map((c) => c.title)).toEqual(['Sofia Refundez']);
    expect(results.customers.map((c) => c.title)).toEqual(['Refund Partners']);
    expect(results.leads.map((l) => l.title)).toEqual(['Refund desk']);
    expect(results.quickReplies.map((q) => q.title)).toEqual(['Refund policy']);
    expect(callStatsOf(stack.upstream.fake).read().total).toBe(before);
  });

  it('refuses an empty query or a bad limit with the field named, and asks for a session', async () => {
    const empty = await get('/bff/search?q=%20%20');
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('q');
    const limit = await get(`/bff/search?q=a&limit=${SEARCH_LIMIT_MAX + 1}`);
    expect(limit.statusCode).toBe(400);
    expect(JSON.stringify(limit.json())).toContain('limit');
    expect((await get('/bff/search?q=refund&extra=1')).statusCode).toBe(400);
    expect((await get('/bff/search?q=refund', '')).statusCode).toBe(401);
  });
});
