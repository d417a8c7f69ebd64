import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactScreen, CustomerScreen, RELATED_LEADS } from '../../contract';
import { callStatsOf } from '../../../mocks/core/call-stats';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { contact, conversation, customer, lead } from '../testing/live-records';
import { buildTestApp } from '../testing/test-app';
import { sameOriginHeaders, signIn } from '../testing/test-users';
import { ReadModel } from '../sync/read-model';
import { seedWorkspace, type WorkspaceSeed } from '../testing/workspace-seed';
import { setMeta } from '../workspace/workspace-writer';

// GET /bff/screens/customer and /bff/screens/contact through the real BFF: answered from the
// workspace tables alone, with the threads linked by id (and a contact's unlinked threads on their number),
// leads matched by the customer's company, 404 for a record the workspace does not hold.

let upstream: FakeUpstream;
let app: FastifyInstance;
let cookie = '';

const get = (url: string, withCookie = true) =>
  app.inject({ method: 'GET', url, headers: { ...sameOriginHeaders, ...(withCookie ? { cookie } : {}) } });

type Collection = 'conversations' | 'leads' | 'customers';

/**
 * An empty workspace, then what the test needs in it and the collections the sync read in full.
 * The sync's read model only says whose contact lists it read (the read-through asks it).
 */
async function workspaceOf(seed: WorkspaceSeed, loaded: readonly Collection[]): Promise<ReadModel> {
  const live = app.bffLive!;
  live.model.replaceWith(new ReadModel());
  for (const table of ['ws_messages', 'ws_conversations', 'ws_contacts', 'ws_customers', 'ws_leads'])
    await sql`delete from ${sql.table(table)}`.execute(live.workspace.db);
  await seedWorkspace(live.workspace.db, seed);
  await setMeta(live.workspace.db, 'loaded', loaded);
  return live.model;
}

/** Customer 1 (Acme Foods) with two contacts; threads of each kind; leads that mention Acme or not. */
async function seed(): Promise<void> {
  const primary = contact(1, 1, { is_primary: true, mobile: '+44 7000 00009' });
  const threads = [
    conversation(1, { customer_id: customer(1).id }),
    conversation(2, { contact_id: contact(2, 1).id }),
    conversation(3, { contact_id: contact(1, 1).id }),
    // Unlinked, one-to-one, on contact 1's number: theirs.
    conversation(4, { external_thread_id: '44700000009' }),
    // Another customer's contact, and a group on the same number: not theirs.
    conversation(5, { contact_id: contact(3, 2).id }),
    conversation(6, { external_thread_id: '44700000009', is_group: true }),
  ];
  const model = await workspaceOf(
    {
      customers: [customer(1, { company_name: 'Acme Foods' }), customer(2)],
      contacts: [primary, contact(2, 1), contact(3, 2)],
      conversations: threads,
      leads: Array.from({ length: RELATED_LEADS + 2 }, (_, i) =>
        lead(i + 1, { company_name: (i + 1) % 2 ? 'ACME foods ltd' : 'Other' }),
      ),
    },
    ['customers', 'conversations', 'leads'],
  );
  // Their contact lists were swept: the pages need no read-through.
  model.contactListsRead.add(customer(1).id);
  model.contactListsRead.add(customer(2).id);
}

beforeAll(async () => {
  upstream = await startFakeUpstream({ port: 0, clock: 'frozen' });
  app = await buildTestApp(upstream, {
    env: { API_KEY: 'demo-admin-key', LOG_LEVEL: 'silent' },
    live: { sync: false },
  });
  cookie = await signIn(app, 'agent');
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

describe('GET /bff/screens/customer and /bff/screens/contact', () => {
  it('says the workspace is loading until customers, contacts and threads are read', async () => {
    await workspaceOf({ customers: [customer(1)] }, ['customers', 'conversations']);
    const loading = await get(`/bff/screens/customer?id=${customer(1).id}`);
    expect(loading.statusCode).toBe(503);
    expect(Number(loading.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers a customer page: contacts primary first, linked threads newest first, leads by company', async () => {
    await seed();
    const before = callStatsOf(upstream.fake).read().total;
    const res = await get(`/bff/screens/customer?id=${customer(1).id}`);
    expect(res.statusCode).toBe(200);
    const screen = CustomerScreen.parse(res.json());
    expect(screen.customer.id).toBe(customer(1).id);
    expect(screen.contacts.map((c) => c.id)).toEqual([contact(1, 1).id, contact(2, 1).id]);
    expect(screen.threads.map((t) => t.id)).toEqual([3, 2, 1].map((n) => conversation(n).id));
    expect(screen.threadTotal).toBe(3);
    expect(screen.leadTerm).toBe('Acme Foods');
    // Leads 1, 3, 5, 7 mention the company; newest first.
    expect(screen.leads.map((l) => l.id)).toEqual([7, 5, 3, 1].map((n) => lead(n).id));
    expect(screen.leadTotal).toBe(4);
    expect(callStatsOf(upstream.fake).read().total).toBe(before);
  });

  it('answers a contact page with their customer and their threads, linked or on their number', async () => {
    const res = await get(`/bff/screens/contact?id=${contact(1, 1).id}`);
    expect(res.statusCode).toBe(200);
    const screen = ContactScreen.parse(res.json());
    expect(screen.customer?.id).toBe(customer(1).id);
    expect(screen.threads.map((t) => t.id)).toEqual([4, 3].map((n) => conversation(n).id));
    expect(screen.threadTotal).toBe(2);
  });

  it('reads a customer’s contacts through once, for everyone, when the sweep has not reached them', async () => {
    const ws = upstream.fake.workspace();
    const real = [...ws.crm.customers.values()].find(
      (c) => [...ws.crm.contacts.values()].filter((x) => x.customer_id === c.id).length >= 2,
    )!;
    const theirs = [...ws.crm.contacts.values()].filter((x) => x.customer_id === real.id);
    await workspaceOf({ customers: [real] }, ['customers', 'conversations', 'leads']);
    const before = callStatsOf(upstream.fake).read().total;
    const [a, b] = await Promise.all([
      get(`/bff/screens/customer?id=${real.id}`),
      get(`/bff/screens/customer?id=${real.id}`),
    ]);
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(200);
      expect(
        CustomerScreen.parse(res.json())
          .contacts.map((c) => c.id)
          .sort(),
      ).toEqual(theirs.map((c) => c.id).sort());
    }
    expect(callStatsOf(upstream.fake).read().total).toBe(before + 1);
    expect((await get(`/bff/screens/customer?id=${real.id}`)).statusCode).toBe(200);
    expect(callStatsOf(upstream.fake).read().total).toBe(before + 1);

    // A contact the model does not hold is read once; one the upstream lacks is a 404.
    const other = [...ws.crm.contacts.values()].find((x) => x.customer_id !== real.id)!;
    const res = await get(`/bff/screens/contact?id=${other.id}`);
    expect(res.statusCode).toBe(200);
    expect(ContactScreen.parse(res.json()).contact.id).toBe(other.id);
    expect(callStatsOf(upstream.fake).read().total).toBe(before + 2);
    expect((await get(`/bff/screens/contact?id=${contact(9, 1).id}`)).statusCode).toBe(404);
  });

  it('refuses a missing session, a malformed id and a record the workspace does not hold', async () => {
    expect((await get(`/bff/screens/contact?id=${contact(1, 1).id}`, false)).statusCode).toBe(401);
    const bad = await get('/bff/screens/customer?id=not-an-id&extra=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(JSON.stringify(bad.json())).toMatch(/id/);
    const missing = await get(`/bff/screens/customer?id=${customer(9).id}`);
    expect(missing.statusCode).toBe(404);
    expect((await get(`/bff/screens/contact?id=${contact(9, 1).id}`)).statusCode).toBe(404);
  });
});
