import { Agent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LiveEvent } from '../../contract';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { GLOBEX_TENANT } from '../../../mocks/team';
import { createLogger } from '../logger';
import { LogCapture } from '../testing/test-app';
import { UpstreamClient } from '../upstream/upstream-client';
import { UpstreamError } from '../upstream/upstream-error';
import { openStore, type TeamStore } from '../store/open-store';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { forgetWorkspace } from '../workspace/workspace-writer';
import type { Outgoing } from './record-events';
import type { SyncReader } from './sync-context';
import { loadedCollections } from './sync-queries';
import { READ_RETRY_MS } from './hot-task';
import { createSyncEngine, type SyncEngine } from './sync-engine';
import { DEFAULT_SYNC_SETTINGS } from './sync-settings';

// The sync's tasks against the fake upstream over loopback (its small Globex workspace), one task
// at a time: no schedule, no waiting. The fake's clock is frozen; the test moves both clocks.

let upstream: FakeUpstream;
const dispatcher = new Agent({ connections: 4 });
let now: number;
let store: TeamStore;
let workspace: WorkspaceReader;
let published: Outgoing[];
/** What the sync told this instance's consumers only (loads). */
let quietly: LiveEvent[];
let engine: SyncEngine;
let logs: LogCapture;

const neverTimers = { setTimeout: () => null, clearTimeout: () => undefined };

// The upstream budget is tested on its own (call-budget.test.ts); here it does not hold a task back.
const SETTINGS = { ...DEFAULT_SYNC_SETTINGS, callsPerMinute: 1_000_000 };

function build(wrap: (reader: SyncReader) => SyncReader = (r) => r, settings = SETTINGS): void {
  logs = new LogCapture();
  const log = createLogger('info', logs);
  const client = new UpstreamClient({
    upstream: {
      socialBaseUrl: upstream.socialBase,
      crmBaseUrl: upstream.crmBase,
      apiKey: 'globex-admin-key',
      tenantId: GLOBEX_TENANT,
    },
    dispatcher,
    timeoutMs: 5000,
    log,
  });
  published = [];
  quietly = [];
  engine = createSyncEngine({
    reader: wrap(client),
    db: store.db,
    settings,
    clock: () => now,
    log,
    timers: neverTimers,
    viewers: () => 1,
    quiet: (events) => void quietly.push(...events),
    announce: async (out) => {
      for (const o of out) expect(LiveEvent.safeParse(o.event).success, o.event.type).toBe(true);
      published.push(...out);
    },
  });
  engine.start();
}

const ws = () => upstream.fake.workspace(GLOBEX_TENANT);
const threadIds = () => [...ws().social.threads.keys()];
const broadcast = () => published.map((o) => o.event);
const count = async (table: 'ws_conversations' | 'ws_leads' | 'ws_customers' | 'ws_contacts') =>
  Number(
    (
      await store.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('removed_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );
const threadsWithMessages = async () =>
  Number(
    (
      await store.db
        .selectFrom('ws_messages')
        .select((eb) => eb.fn.count<string>('conversation_id').distinct().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const advance = (ms: number) => {
  now += ms;
  upstream.fake.control.advance(ms);
};

/** The first load of everything the start-up reads. */
async function load(): Promise<void> {
  for (const task of ['hot', 'leads', 'customers', 'stages', 'tags', 'channels', 'quickReplies'])
    await engine.runTask(task);
  published.length = 0;
}

beforeAll(async () => {
  upstream = await startFakeUpstream({ port: 0, clock: 'frozen' });
  store = await openStore({ kind: 'pglite', dataDir: null });
  workspace = new WorkspaceReader(store.db);
});
afterAll(async () => {
  await store.close();
  await upstream.close();
  await dispatcher.close();
});
beforeEach(async () => {
  upstream.fake.reset();
  await forgetWorkspace(store.db);
  now = upstream.fake.clock.now().getTime();
  build();
});

describe('the first load', () => {
  it('fills the tables quietly, then tells browsers once to refetch', async () => {
    await engine.runTask('hot');
    expect(await count('ws_conversations')).toBe(threadIds().length);
    expect(published).toEqual([]);
    // The consumers (search index, history) still learn of every record loaded.
    expect(quietly.filter((e) => e.type === 'conversation.upserted')).toHaveLength(threadIds().length);
    // The same cycle back-fills thread pages (and contacts), quietly, within its budget.
    const contacts = await count('ws_contacts');
    expect((await threadsWithMessages()) + contacts).toBe(
      Math.min(DEFAULT_SYNC_SETTINGS.readsPerCycle, threadIds().length + contacts),
    );
    await engine.runTask('leads');
    expect(broadcast()).toEqual([]);
    await engine.runTask('customers');
    expect(await count('ws_leads')).toBe(5);
    expect(await count('ws_customers')).toBe(3);
    expect(broadcast()).toEqual([{ type: 'resync', reason: 'restart' }]);
    expect([...(await loadedCollections(store.db))].sort()).toEqual(['conversations', 'customers', 'leads']);
  });

  it('is not a first load again after a restart: the tables remember', async () => {
    await load();
    build();
    await engine.runTask('hot');
    await engine.runTask('leads');
    await engine.runTask('customers');
    expect(broadcast()).toEqual([]);
  });
});

describe('after the load', () => {
  beforeEach(load);

  it('sends an inbound message as its conversation and the one new message', async () => {
    const id = threadIds()[0]!;
    await engine.runTask('hot');
    published.length = 0;
    advance(1000);
    upstream.fake.control.inbound({ conversationId: id, text: 'Is it in stock?' });
    await engine.runTask('hot');
    const events = broadcast();
    expect(events.map((e) => e.type)).toEqual(['conversation.upserted', 'messages.upserted']);
    const messages = events[1]!.type === 'messages.upserted' ? events[1]!.messages : [];
    expect(messages.map((m) => m.text)).toEqual(['Is it in stock?']);
    published.length = 0;
    await engine.runTask('hot');
    expect(published).toEqual([]);
  });

  it('reads a changed thread again though its last message time did not move (same instant)', async () => {
    const id = threadIds()[0]!;
    advance(1000);
    upstream.fake.control.inbound({ conversationId: id, text: 'First' });
    await engine.runTask('hot');
    published.length = 0;
    // The upstream stamps the second with the same instant (its clock is frozen here).
    upstream.fake.control.inbound({ conversationId: id, text: 'Second, same second' });
    ws().social.threads.get(id)!.conv.status = 'closed';
    await engine.runTask('hot');
    upstream.fake.control.inbound({ conversationId: id, text: 'Third, same second' });
    await engine.runTask('hot');
    const texts = broadcast().flatMap((e) =>
      e.type === 'messages.upserted' ? e.messages.map((m) => m.text) : [],
    );
    expect(texts).toContain('Second, same second');
    expect(texts).toContain('Third, same second');
  });

  it('follows a sent message’s ticks while they move', async () => {
    const thread = [...ws().social.threads.values()].find((t) => !t.conv.is_group)!;
    upstream.fake.control.inbound({ conversationId: thread.conv.id, text: 'Hello?' });
    await engine.runTask('hot');
    const client = new UpstreamClient({
      upstream: {
        socialBaseUrl: upstream.socialBase,
        crmBaseUrl: upstream.crmBase,
        apiKey: 'globex-admin-key',
        tenantId: GLOBEX_TENANT,
      },
      dispatcher,
      timeoutMs: 5000,
      log: createLogger('silent'),
    });
    const sent = await client.call('messages.sendText', {
      params: { id: thread.conv.id },
      body: { text: 'On its way' },
    });
    await engine.runTask('hot');
    published.length = 0;
    advance(3000);
    await engine.runTask('hot');
    const tick = broadcast().find((e) => e.type === 'messages.upserted');
    // The seed's own pending replies tick along too.
    expect(
      tick?.type === 'messages.upserted' ? tick.messages.map((m) => [m.id, m.status]) : [],
    ).toContainEqual([sent.id, 'sent']);
  });

  it('finds removals and changes the hot read cannot see on the sweeps', async () => {
    const leadId = [...ws().crm.leads.keys()][0]!;
    ws().crm.leads.delete(leadId);
    const stage = ws().crm.stages[0]!;
    ws().crm.stages[0] = { ...stage, name: 'Renamed', updated_at: new Date(now + 5).toISOString() };
    advance(1000);
    await engine.runTask('leads');
    await engine.runTask('stages');
    expect(broadcast()).toEqual([
      { type: 'lead.removed', id: leadId },
      expect.objectContaining({ type: 'leadStages.replaced' }),
    ]);
    expect(await workspace.lead(leadId)).toBeUndefined();
    expect((await workspace.stages()).find((s) => s.id === stage.id)?.name).toBe('Renamed');
  });

  it('reads contacts one customer at a time, quietly the first time', async () => {
    const before = await count('ws_contacts');
    for (let i = 0; i < 3; i++) await engine.runTask('contacts');
    expect(await count('ws_contacts')).toBeGreaterThan(before);
    expect(published).toEqual([]);
    const contact = [...ws().crm.contacts.values()][0]!;
    ws().crm.contacts.set(contact.id, { ...contact, position: 'Chief Buyer' });
    published.length = 0;
    for (let i = 0; i < 3; i++) await engine.runTask('contacts');
    expect(broadcast()).toEqual([
      { type: 'contact.upserted', contact: expect.objectContaining({ position: 'Chief Buyer' }) },
    ]);
  });
  it('catches up on customers never read first, a few a run in the list’s order, then goes round', async () => {
    build((r) => r, { ...SETTINGS, readsPerCycle: 2 });
    await load();
    const byName = [...ws().crm.customers.values()]
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id))
      .map((c) => c.id);
    const listsRead = async () =>
      (await store.db.selectFrom('ws_contact_lists_read').select('customer_id').execute()).map(
        (r) => r.customer_id,
      );
    await engine.runTask('contacts');
    expect((await listsRead()).sort()).toEqual(byName.slice(0, 2).sort());
    await engine.runTask('contacts');
    expect((await listsRead()).sort()).toEqual([...byName].sort());
    // Every customer read once: the next run reads one, round robin.
    const calls: string[] = [];
    build((reader) => ({
      call: (id, ...args) => {
        calls.push(id);
        return reader.call(id, ...args);
      },
    }));
    await engine.runTask('contacts');
    expect(calls).toEqual(['contacts.byCustomer']);
  });
});

describe('failures', () => {
  it('leaves a customer whose contacts cannot be read for later and catches up on the others', async () => {
    await load();
    const [bad, ...good] = [...ws().crm.customers.keys()];
    let broken = true;
    build((reader) => ({
      call: (id, ...args) => {
        const params = (args[0] as { params?: { customerId?: string } } | undefined)?.params;
        if (broken && id === 'contacts.byCustomer' && params?.customerId === bad)
          return Promise.reject(new UpstreamError('malformed', id, 'does not fit'));
        return reader.call(id, ...args);
      },
    }));
    await engine.runTask('contacts');
    const read = async () =>
      new Set(
        (await store.db.selectFrom('ws_contact_lists_read').select('customer_id').execute()).map(
          (r) => r.customer_id,
        ),
      );
    expect(await read()).toEqual(new Set(good));
    // Waiting out its retry, it is read once the upstream answers for it again.
    broken = false;
    advance(READ_RETRY_MS + 1);
    await engine.runTask('contacts');
    expect(await read()).toEqual(new Set([bad, ...good]));
  });

  it('skips a malformed thread page and reads the others', async () => {
    const [bad] = threadIds();
    build((reader) => ({
      call: (id, ...args) => {
        const params = (args[0] as { params?: { id?: string } } | undefined)?.params;
        if (id === 'messages.list' && params?.id === bad)
          return Promise.reject(new UpstreamError('malformed', id, 'does not fit'));
        return reader.call(id, ...args);
      },
    }));
    for (let i = 0; i < 3; i++) await engine.runTask('hot');
    expect(await workspace.messagesOf(bad!)).toBeUndefined();
    expect(await threadsWithMessages()).toBe(
      threadIds().filter((id) => ws().social.threads.get(id)!.messages.length > 0).length - 1,
    );
  });

  it('says unreachable when the upstream cannot be read, ok when it can again, and resyncs after a long outage', async () => {
    let down = true;
    build(
      (reader) => ({
        call: (id, ...args) =>
          down ? Promise.reject(new UpstreamError('unreachable', id, 'refused')) : reader.call(id, ...args),
      }),
      { ...SETTINGS, outageResyncMs: 10_000 },
    );
    await expect(engine.runTask('tags')).rejects.toThrow(UpstreamError);
    await expect(engine.runTask('hot')).rejects.toThrow(UpstreamError);
    await Promise.resolve();
    expect(broadcast()).toEqual([
      { type: 'upstream.status', state: 'unreachable', since: new Date(now).toISOString() },
    ]);
    published.length = 0;
    down = false;
    now += 60_000;
    await engine.runTask('tags');
    expect(broadcast().slice(0, 2)).toEqual([
      { type: 'upstream.status', state: 'ok', since: new Date(now).toISOString() },
      { type: 'resync', reason: 'upstream-returned' },
    ]);
    await expect.poll(async () => (await workspace.upstream()).state).toBe('ok');
  });
});
