import { Agent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LiveEvent } from '../../contract';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import { GLOBEX_TENANT } from '../../../mocks/team';
import { createLogger } from '../logger';
import { LogCapture } from '../testing/test-app';
import { UpstreamClient } from '../upstream/upstream-client';
import { UpstreamError } from '../upstream/upstream-error';
import { applyEvent } from './apply-event';
import type { Outgoing } from './diff-records';
import { ReadModel } from './read-model';
import type { SyncReader } from './sync-context';
import { createSyncEngine, type SyncEngine } from './sync-engine';
import { DEFAULT_SYNC_SETTINGS } from './sync-settings';

// The sync's tasks against the fake upstream over loopback (its small Globex workspace), one task
// at a time: no schedule, no waiting. The fake's clock is frozen; the test moves both clocks.

let upstream: FakeUpstream;
const dispatcher = new Agent({ connections: 4 });
let now: number;
let model: ReadModel;
let published: Outgoing[];
let engine: SyncEngine;
let logs: LogCapture;

const neverTimers = { setTimeout: () => null, clearTimeout: () => undefined };

function build(wrap: (reader: SyncReader) => SyncReader = (r) => r, settings = DEFAULT_SYNC_SETTINGS): void {
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
  model = new ReadModel();
  published = [];
  engine = createSyncEngine({
    reader: wrap(client),
    model,
    settings,
    clock: () => now,
    log,
    timers: neverTimers,
    viewers: () => 1,
    publish: async (out) => {
      for (const o of out) {
        expect(LiveEvent.safeParse(o.event).success, o.event.type).toBe(true);
        applyEvent(model, o.event, now);
      }
      published.push(...out);
    },
  });
  engine.start();
}

const ws = () => upstream.fake.workspace(GLOBEX_TENANT);
const threadIds = () => [...ws().social.threads.keys()];
const broadcast = () => published.filter((o) => !o.modelOnly).map((o) => o.event);
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
});
afterAll(async () => {
  await upstream.close();
  await dispatcher.close();
});
beforeEach(() => {
  upstream.fake.reset();
  now = upstream.fake.clock.now().getTime();
  build();
});

describe('the first load', () => {
  it('reaches the models only, then tells browsers once to refetch', async () => {
    await engine.runTask('hot');
    expect(model.conversations.size).toBe(threadIds().length);
    expect(published.every((o) => o.modelOnly)).toBe(true);
    // The same cycle back-fills thread pages (and contacts), quietly, within its budget.
    expect(model.messages.size + model.contacts.size).toBe(
      Math.min(DEFAULT_SYNC_SETTINGS.readsPerCycle, threadIds().length + model.contacts.size),
    );
    await engine.runTask('leads');
    expect(broadcast()).toEqual([]);
    await engine.runTask('customers');
    expect(model.leads.size).toBe(5);
    expect(model.customers.size).toBe(3);
    expect(broadcast()).toEqual([{ type: 'resync', reason: 'restart' }]);
    expect([...model.loaded].sort()).toEqual(['conversations', 'customers', 'leads']);
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
    await engine.runTask('leads');
    await engine.runTask('stages');
    expect(broadcast()).toEqual([
      { type: 'lead.removed', id: leadId },
      expect.objectContaining({ type: 'leadStages.replaced' }),
    ]);
    expect(model.lead(leadId)).toBeUndefined();
    expect(model.stages().find((s) => s.id === stage.id)?.name).toBe('Renamed');
  });

  it('reads contacts one customer at a time, quietly the first time', async () => {
    for (let i = 0; i < 3; i++) await engine.runTask('contacts');
    expect(published.length).toBeGreaterThan(0);
    expect(published.every((o) => o.modelOnly)).toBe(true);
    const contact = [...ws().crm.contacts.values()][0]!;
    ws().crm.contacts.set(contact.id, { ...contact, position: 'Chief Buyer' });
    published.length = 0;
    for (let i = 0; i < 3; i++) await engine.runTask('contacts');
    expect(broadcast()).toEqual([
      { type: 'contact.upserted', contact: expect.objectContaining({ position: 'Chief Buyer' }) },
    ]);
  });
});

describe('failures', () => {
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
    expect(model.messagesOf(bad!)).toBeUndefined();
    expect(model.messages.size).toBe(threadIds().length - 1);
  });

  it('says unreachable when the upstream cannot be read, ok when it can again, and resyncs after a long outage', async () => {
    let down = true;
    build(
      (reader) => ({
        call: (id, ...args) =>
          down ? Promise.reject(new UpstreamError('unreachable', id, 'refused')) : reader.call(id, ...args),
      }),
      { ...DEFAULT_SYNC_SETTINGS, outageResyncMs: 10_000 },
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
    expect(model.upstream.state).toBe('ok');
  });
});
