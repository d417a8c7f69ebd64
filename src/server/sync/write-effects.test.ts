import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent, LiveEventType } from '../../contract';
import { ROUTES_BY_ID, type RouteDef } from '../../contract/routes';
import { sampleFor, ACME_GROUP_ID } from '../../../mocks/core/route-samples';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { threadScreenOf } from '../screens/thread-screen';
import { buildTestApp } from '../testing/test-app';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';
import { seedWorkspace } from '../testing/workspace-seed';
import { forgetWorkspace } from '../workspace/workspace-writer';
import type { MutatingRouteId } from './write-effects';

// Every state-changing call through the proxy tells everyone what changed, from the upstream's own
// answer: the real BFF on the fake upstream (over loopback), the sync off so that only the writes
// publish. Typed over every mutating route, so a new one fails here until it says what it does.

const EXPECTED: Readonly<Record<MutatingRouteId, readonly LiveEventType[]>> = {
  'conversations.send': ['messages.authored', 'messages.upserted', 'conversation.upserted'],
  'messages.sendText': ['messages.authored', 'messages.upserted', 'conversation.upserted'],
  'conversations.assignOwner': ['conversation.upserted'],
  'conversations.assignAgent': ['conversation.upserted'],
  'conversations.close': ['conversation.upserted'],
  'conversations.reopen': ['conversation.upserted'],
  'quickReplies.create': ['quickReplies.replaced'],
  'quickReplies.update': ['quickReplies.replaced'],
  'quickReplies.delete': ['quickReplies.replaced'],
  'groups.approveJoinRequests': ['conversation.upserted'],
  'groups.inviteLink': ['conversation.upserted'],
  'leads.create': ['lead.upserted'],
  'leads.update': ['lead.upserted'],
  'leads.reassign': ['lead.upserted'],
  'leads.delete': ['lead.removed'],
  'leadStages.create': ['leadStages.replaced'],
  'leadStages.update': ['leadStages.replaced'],
  'leadStages.delete': ['leadStages.replaced'],
  'customers.create': ['customer.upserted'],
  'customers.update': ['customer.upserted'],
  'customers.addTags': ['customer.upserted'],
  'contacts.create': ['contact.upserted'],
  'contacts.update': ['contact.upserted'],
  'activities.create': ['activity.created'],
};

let upstream: FakeUpstream;
let app: FastifyInstance;
let cookie: string;
let seen: LiveEvent[];

const mounts = { social: '/api/social', crm: '/api/crm' } as const;

async function callThroughBff(route: RouteDef, override?: { path?: string; body?: unknown }) {
  const sample = sampleFor(upstream.fake, route);
  const query = sample.query ? `?${new URLSearchParams(sample.query).toString()}` : '';
  const body = override?.body ?? sample.body;
  return app.inject({
    method: route.method,
    url: `${mounts[route.host]}${override?.path ?? sample.path}${query}`,
    headers: {
      ...sameOriginHeaders,
      cookie,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
}

beforeAll(async () => {
  upstream = await startFakeUpstream({ port: 0, clock: 'frozen' });
  app = await buildTestApp(upstream, {
    env: { API_KEY: 'demo-admin-key', LOG_LEVEL: 'silent' },
    live: { sync: false },
  });
  cookie = await signIn(app, 'admin');
  app.bffLive!.bus.subscribe((e) => seen.push(e.event));
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});
beforeEach(async () => {
  // The fake goes back to its seed (older updated_at values), so the tables start empty again too.
  upstream.fake.reset();
  await forgetWorkspace(app.bffLive!.workspace.db);
  // The reset fake hands out the same message ids again: who sent them is forgotten with them.
  await app.bffLive!.workspace.db.deleteFrom('message_authors').execute();
  seen = [];
});

describe('write effects', () => {
  it.each(Object.keys(EXPECTED) as MutatingRouteId[])('%s', async (id) => {
    const route: RouteDef = ROUTES_BY_ID[id];
    let path: string | undefined;
    if (id === 'leadStages.delete') {
      // A stage that holds leads cannot be deleted: make an empty one first.
      const made = await callThroughBff(ROUTES_BY_ID['leadStages.create']);
      path = `/v1/lead-stages/${(made.json() as { id: string }).id}`;
      await vi.waitFor(() => expect(seen).toHaveLength(1));
      seen = [];
    }
    if (id.startsWith('groups.')) {
      // The group's conversation must be in the tables to be found by its group id.
      const group = [...upstream.fake.workspace().social.threads.values()].find(
        (t) => t.conv.external_thread_id === ACME_GROUP_ID,
      )!;
      // Held with a stale participant count: the effect's re-read is a change (an echo of what the
      // tables hold already would tell nobody anything).
      await seedWorkspace(
        app.bffLive!.workspace.db,
        { conversations: [{ ...group.conv, group_participant_count: 0 }] },
        Date.now(),
      );
    }
    const res = await callThroughBff(route, path ? { path } : undefined);
    expect(res.statusCode, res.body).toBeLessThan(300);
    // The effect writes the tables before it publishes: on a loaded machine that takes a moment.
    await vi.waitFor(() => expect(seen.map((e) => e.type)).toEqual(EXPECTED[id]), { timeout: 10_000 });
    // Each event is what the tables now hold.
    const { workspace } = app.bffLive!;
    for (const event of seen) {
      if (event.type === 'lead.upserted') expect(await workspace.lead(event.lead.id)).toEqual(event.lead);
      if (event.type === 'lead.removed') expect(await workspace.lead(event.id)).toBeUndefined();
      if (event.type === 'conversation.upserted')
        expect(await workspace.conversation(event.conversation.id)).toEqual(event.conversation);
    }
  });

  it('carries the answer itself: a send’s message and who sent it, an activity’s subject', async () => {
    const sent = await callThroughBff(ROUTES_BY_ID['messages.sendText'], { body: { text: 'Shipped today' } });
    const message = sent.json() as { id: string; conversation_id: string; sender_name: string };
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    // The upstream names the workspace; the BFF names the teammate (issue 36.1).
    const admin = {
      kind: 'person',
      name: 'Test admin',
      username: TEST_USERS.admin.username,
      userId: TEST_USERS.admin.upstreamUserId,
    };
    expect(seen[0]).toMatchObject({
      type: 'messages.authored',
      conversationId: message.conversation_id,
      authors: { [message.id]: admin },
    });
    expect(seen[1]).toMatchObject({
      type: 'messages.upserted',
      messages: [{ text: 'Shipped today', status: 'pending' }],
    });
    // The thread's screen names them too, from the BFF's database.
    const screen = await threadScreenOf(app.bffLive!.workspace, { id: message.conversation_id });
    expect(screen?.authors).toEqual({ [message.id]: admin });
    seen = [];
    const customerId = [...upstream.fake.workspace().crm.customers.keys()][0]!;
    await callThroughBff(ROUTES_BY_ID['activities.create'], {
      body: {
        customer_id: customerId,
        activity_type: 'call',
        subject: 'Follow-up call',
        outcome: 'follow_up_needed',
      },
    });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({
      type: 'activity.created',
      customerId,
      leadId: null,
      activity: { subject: 'Follow-up call' },
    });
  });

  it('publishes nothing for a refused write', async () => {
    const res = await callThroughBff(ROUTES_BY_ID['leads.update'], { body: { status: 'no-such-stage' } });
    expect(res.statusCode).toBe(400);
    const probe = await callThroughBff(ROUTES_BY_ID['leads.update'], { body: { name: 'After the refusal' } });
    expect(probe.statusCode).toBe(200);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toMatchObject({ type: 'lead.upserted', lead: { name: 'After the refusal' } });
  });
});
