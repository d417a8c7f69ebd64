import type { Kysely } from 'kysely';
import pino from 'pino';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../../mocks/http';
import type { Conversation, LiveEvent, ScheduledMessage } from '../../contract';
import type { User } from '../auth/users';
import { MemoryBus } from '../events/memory-bus';
import { IdempotencyRepository } from '../idempotency/idempotency-repository';
import { JobQueue, QUEUES } from '../jobs/job-queue';
import { openStore, type TeamStore } from '../store/open-store';
import { applyWrite } from '../sync/write-through';
import { TEST_TENANT } from '../testing/test-app';
import { seedWorkspace } from '../testing/workspace-seed';
import { UpstreamClient } from '../upstream/upstream-client';
import { applyAllToWorkspace } from '../workspace/apply-events';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { replaceList, replaceTemplates } from '../workspace/workspace-writer';
import { KeyedJobSend } from './keyed-job-send';
import { ScheduledRepository } from './scheduled-repository';
import { ScheduledService } from './scheduled-service';
import { waitFor } from '../testing/wait-for';

// Scheduled sends through the real job queue (two instances working it) on the fake upstream: a
// message goes out at its time once and is named after who scheduled it; an edit moves it, a cancel
// stops it; a text past the window is refused when scheduled; a thread closed meanwhile fails it
// with the reason; a 5xx is tried again and a lost answer is looked up, never sent twice.

const log = pino({ level: 'silent' });
const SCHEDULER: User = {
  username: 'sam@test.example',
  displayName: 'Sam Scheduler',
  role: 'agent',
  upstreamUserId: 'a0000000-0000-4000-8000-0000000000bb',
  passwordHash: '',
};
/** The services' clock runs this far behind real time, so a send a minute and a second ahead of
 *  it (the least allowed) is due about two seconds from now in the queue's real time. */
const BEHIND_MS = 59_000;
const clock = () => Date.now() - BEHIND_MS;
const soon = () => new Date(clock() + 61_000).toISOString();

let fake: FakeUpstream;
let store: TeamStore;
let client: UpstreamClient;
const queues: JobQueue[] = [];
let service: ScheduledService;
const events: LiveEvent[] = [];
const dispatcher = new Agent();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const repository = () => new ScheduledRepository(store.db);
const stateOf = async (id: string) => (await repository().get(id))?.record;
const sentTexts = async (conversationId: string, text: string) =>
  (await client.call('messages.list', { params: { id: conversationId }, query: { limit: 100 } })).data.filter(
    (m) => m.direction === 'outbound' && m.text === text,
  ).length;

/** Threads of the fake with an open window: an inbound message just now, read into the tables. */
const openThreads: Conversation[] = [];
let closedWindowThread: Conversation;

async function readIntoTables(id: string): Promise<Conversation> {
  const conversation = await client.call('conversations.get', { params: { id } });
  const messages = (await client.call('messages.list', { params: { id }, query: { limit: 50 } })).data;
  await seedWorkspace(store.db, { conversations: [conversation], messages }, Date.now());
  return conversation;
}

function serviceOn(jobs: JobQueue, bus: MemoryBus): ScheduledService {
  const workspace = new WorkspaceReader(store.db);
  return new ScheduledService({
    repository: repository(),
    workspace,
    jobs,
    bus,
    sender: new KeyedJobSend({
      repository: new IdempotencyRepository(store.db),
      upstream: client,
      clock,
      log,
      lostGraceMs: 60_000,
    }),
    publishSend: (write) =>
      applyWrite(write, {
        read: client,
        workspace,
        publish: async (out) => {
          await applyAllToWorkspace(store.db, out, { now: Date.now() });
          await bus.publish(out.map((o) => ({ event: o.event })));
        },
        log,
      }),
    clock,
    log,
    // Three runs before a passing fault fails it: the queue's back-off (2 s, 4 s) keeps the test short.
    maxRuns: 3,
  });
}

beforeAll(async () => {
  fake = await startFakeUpstream({ port: 0 });
  store = await openStore({ kind: 'pglite', dataDir: null });
  client = new UpstreamClient({
    upstream: {
      socialBaseUrl: fake.socialBase,
      crmBaseUrl: fake.crmBase,
      apiKey: 'demo-admin-key',
      tenantId: TEST_TENANT,
    },
    dispatcher,
    // Short, so a delayed answer is lost (the fake still sends it after the delay).
    timeoutMs: 1_000,
    log,
  });
  const bus = new MemoryBus();
  bus.subscribe(({ event }) => events.push(event));
  // Two instances of the BFF working one queue: each job runs on one of them.
  for (let i = 0; i < 2; i++) {
    const jobs = new JobQueue(store.db as Kysely<unknown>, { log, pollingIntervalSeconds: 0.5 });
    await jobs.start();
    queues.push(jobs);
    const instance = serviceOn(jobs, bus);
    await instance.start();
    if (i === 0) service = instance;
  }
  const ws = fake.fake.workspace();
  const channels = ws.social.channels;
  await replaceList(store.db, 'channels', channels, { startedAt: Date.now(), now: Date.now() });
  const whatsapp = new Set(channels.filter((c) => c.platform === 'whatsapp').map((c) => c.id));
  const threads = [...ws.social.threads.values()].filter(
    (t) =>
      !t.conv.is_group &&
      typeof t.conv.channel_id === 'string' &&
      whatsapp.has(t.conv.channel_id) &&
      !t.meta.unreachable,
  );
  for (const t of threads.slice(0, 8)) {
    fake.fake.control.inbound({ conversationId: t.conv.id, text: 'Hello, anyone there?' });
    openThreads.push(await readIntoTables(t.conv.id));
  }
  // A thread whose contact last wrote two days ago: its window is closed.
  const quiet = threads[8]!;
  const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000).toISOString();
  closedWindowThread = { ...quiet.conv, last_message_at: twoDaysAgo };
  await seedWorkspace(store.db, { conversations: [closedWindowThread] }, Date.now());
  const channelId = openThreads[0]!.channel_id!;
  const templates = (await client.call('templates.list', { query: { channelId } })).templates;
  await replaceTemplates(store.db, channelId, templates, { startedAt: Date.now(), now: Date.now() });
}, 90_000);

afterAll(async () => {
  for (const jobs of queues) await jobs.stop(2_000);
  await store.close();
  await fake.close();
  await dispatcher.close();
});

const thread = (n: number) => openThreads[n]!;
const schedule = async (n: number, body: Parameters<ScheduledService['schedule']>[2]) => {
  const outcome = await service.schedule(SCHEDULER, thread(n).id, body);
  if (!outcome.ok) throw new Error(`not scheduled: ${JSON.stringify(outcome.message)}`);
  return outcome.scheduled;
};
const toldOf = (id: string): ScheduledMessage[] =>
  events.flatMap((e) => (e.type === 'scheduled.changed' && e.scheduled.id === id ? [e.scheduled] : []));

describe('a scheduled message at its time', () => {
  it('goes out once, across two instances, named after who scheduled it', async () => {
    const text = `Scheduled hello ${String(Date.now())}`;
    const scheduled = await schedule(0, { text, sendAt: soon() });
    expect(scheduled).toMatchObject({
      state: 'scheduled',
      kind: 'text',
      text,
      scheduledBy: { name: 'Sam Scheduler' },
    });
    await waitFor(async () => (await stateOf(scheduled.id))?.state === 'sent');
    // Both instances poll the queue; wait past another poll to be sure neither sends it again.
    await sleep(1_500);
    expect(await sentTexts(thread(0).id, text)).toBe(1);
    const row = await stateOf(scheduled.id);
    expect(row?.sentMessageId).toMatch(/^[0-9a-f-]{36}$/);
    const authors = await new WorkspaceReader(store.db).authors.ofMessages([row!.sentMessageId!]);
    expect(authors[row!.sentMessageId!]).toMatchObject({ kind: 'person', name: 'Sam Scheduler' });
    expect(toldOf(scheduled.id).map((s) => s.state)).toEqual(['scheduled', 'sent']);
    expect(
      events.some(
        (e) => e.type === 'messages.upserted' && e.messages.some((m) => m.id === row!.sentMessageId),
      ),
    ).toBe(true);
  });

  it('sends a template at its time', async () => {
    const channelId = thread(0).channel_id!;
    const template = (await new WorkspaceReader(store.db).templatesOf(channelId))!.find(
      (t) => t.status === 'APPROVED',
    )!;
    const scheduled = await schedule(0, {
      template: {
        templateName: template.name,
        templateLanguage: template.language,
        templateParams: template.components
          .flatMap((c) => (c.text ?? '').match(/\{\{\d+\}\}/g) ?? [])
          .map(() => 'Ann'),
      },
      sendAt: soon(),
    });
    await waitFor(async () => ['sent', 'failed'].includes((await stateOf(scheduled.id))?.state ?? ''));
    expect(await stateOf(scheduled.id)).toMatchObject({ kind: 'template', state: 'sent', failure: null });
  });
});

describe('a person changes it before its time', () => {
  it('an edit moves the time: the first time passes and nothing goes', async () => {
    const text = `Moved ${String(Date.now())}`;
    const scheduled = await schedule(1, { text, sendAt: soon() });
    const oldJob = (await repository().get(scheduled.id))!.jobId!;
    const later = new Date(clock() + 3_600_000).toISOString();
    const edited = await service.update(scheduled.id, { sendAt: later, text: `${text}!` });
    expect(edited).toMatchObject({
      ok: true,
      scheduled: { sendAt: later, text: `${text}!`, state: 'scheduled' },
    });
    await sleep(3_500);
    expect((await stateOf(scheduled.id))?.state).toBe('scheduled');
    expect(await sentTexts(thread(1).id, text)).toBe(0);
    expect((await queues[0]!.get(QUEUES.scheduledSend, oldJob))?.state).toBe('cancelled');
  });

  it('a cancel stops it, and it can no longer be edited', async () => {
    const text = `Cancelled ${String(Date.now())}`;
    const scheduled = await schedule(1, { text, sendAt: soon() });
    expect(await service.cancel(scheduled.id)).toMatchObject({ ok: true, scheduled: { state: 'cancelled' } });
    await sleep(3_500);
    expect((await stateOf(scheduled.id))?.state).toBe('cancelled');
    expect(await sentTexts(thread(1).id, text)).toBe(0);
    expect(await service.update(scheduled.id, { sendAt: soon() })).toMatchObject({ ok: false, status: 409 });
    expect(await service.listOf(thread(1).id)).not.toContainEqual(
      expect.objectContaining({ id: scheduled.id }),
    );
  });
});

describe('what may not go', () => {
  it('refuses a text due after the window closes, naming sendAt and the template way', async () => {
    const outcome = await service.schedule(SCHEDULER, thread(2).id, {
      text: 'Too late',
      sendAt: new Date(clock() + 25 * 3_600_000).toISOString(),
    });
    expect(outcome).toMatchObject({ ok: false, status: 400 });
    const [line] = (outcome as { message: string[] }).message;
    expect(line).toMatch(/^sendAt is after the 24-hour window closes \(\d{4}-.*\).*template/);
  });

  it('refuses a text on a closed window, but takes a template there', async () => {
    const text = await service.schedule(SCHEDULER, closedWindowThread.id, { text: 'Hi', sendAt: soon() });
    expect(text).toMatchObject({
      ok: false,
      status: 400,
      message: [expect.stringMatching(/^sendAt .*template/)],
    });
    const channelTemplates = await new WorkspaceReader(store.db).templatesOf(closedWindowThread.channel_id!);
    const template = channelTemplates?.find((t) => t.status === 'APPROVED');
    if (template) {
      const later = new Date(clock() + 3_600_000).toISOString();
      const ok = await service.schedule(SCHEDULER, closedWindowThread.id, {
        template: { templateName: template.name, templateLanguage: template.language },
        sendAt: later,
      });
      expect(ok).toMatchObject({ ok: true, scheduled: { kind: 'template' } });
    }
  });

  it('refuses past times, times too far off, unknown threads and unapproved templates', async () => {
    const past = await service.schedule(SCHEDULER, thread(2).id, {
      text: 'x',
      sendAt: '2001-01-01T00:00:00Z',
    });
    expect(past).toMatchObject({
      ok: false,
      status: 400,
      message: ['sendAt must be at least a minute from now'],
    });
    const far = await service.schedule(SCHEDULER, thread(2).id, {
      text: 'x',
      sendAt: new Date(clock() + 31 * 24 * 3_600_000).toISOString(),
    });
    expect(far).toMatchObject({ ok: false, status: 400, message: ['sendAt must be within 30 days'] });
    const unknown = await service.schedule(SCHEDULER, '00000000-0000-4000-8000-000000000000', {
      text: 'x',
      sendAt: soon(),
    });
    expect(unknown).toMatchObject({ ok: false, status: 404 });
    const template = await service.schedule(SCHEDULER, thread(0).id, {
      template: { templateName: 'no_such_template', templateLanguage: 'en' },
      sendAt: soon(),
    });
    expect(template).toMatchObject({
      ok: false,
      status: 400,
      message: [expect.stringMatching(/^template\.templateName "no_such_template"/)],
    });
  });

  it('fails one whose thread was closed meanwhile, with the reason, and sends nothing', async () => {
    const text = `Closed meanwhile ${String(Date.now())}`;
    const scheduled = await schedule(3, { text, sendAt: soon() });
    await seedWorkspace(store.db, { conversations: [{ ...thread(3), status: 'closed' }] }, Date.now());
    await waitFor(async () => (await stateOf(scheduled.id))?.state === 'failed');
    expect((await stateOf(scheduled.id))?.failure).toMatch(/closed before its time/);
    expect(toldOf(scheduled.id).at(-1)).toMatchObject({ state: 'failed' });
    expect(await sentTexts(thread(3).id, text)).toBe(0);
    // Still in the thread's list, for a person to reschedule or delete.
    expect(await service.listOf(thread(3).id)).toContainEqual(expect.objectContaining({ id: scheduled.id }));
  });
});

describe('faults at the due time', () => {
  it('tries again after a 5xx and sends one message', async () => {
    const text = `After a 500 ${String(Date.now())}`;
    fake.fake.control.fail({
      method: 'POST',
      path: '/v1/conversations/{id}/messages',
      host: 'social',
      status: 500,
    });
    const scheduled = await schedule(4, { text, sendAt: soon() });
    await waitFor(async () => (await stateOf(scheduled.id))?.state === 'sent', 30_000);
    expect(await sentTexts(thread(4).id, text)).toBe(1);
    expect((await repository().get(scheduled.id))?.attempts).toBe(2);
    // The person saw it was being tried again before it went.
    expect(
      toldOf(scheduled.id).some((s) => s.state === 'sending' && /trying again/.test(s.failure ?? '')),
    ).toBe(true);
  }, 40_000);

  it('fails one the upstream refuses every time, after its last run, with the reason', async () => {
    const text = `Upstream down ${String(Date.now())}`;
    fake.fake.control.fail({
      method: 'POST',
      path: '/v1/conversations/{id}/messages',
      host: 'social',
      status: 503,
      count: 3,
    });
    const scheduled = await schedule(6, { text, sendAt: soon() });
    await waitFor(async () => (await stateOf(scheduled.id))?.state === 'failed', 40_000);
    const row = await repository().get(scheduled.id);
    expect(row?.attempts).toBe(3);
    expect(row?.record.failure).toMatch(/^Not sent after 3 tries: The messaging service failed \(503\)/);
    expect(await sentTexts(thread(6).id, text)).toBe(0);
  }, 50_000);

  it('fails a template that lost its approval before its time', async () => {
    const channelId = thread(7).channel_id!;
    const reader = new WorkspaceReader(store.db);
    const templates = (await client.call('templates.list', { query: { channelId } })).templates;
    await replaceTemplates(store.db, channelId, templates, { startedAt: Date.now(), now: Date.now() });
    const template = (await reader.templatesOf(channelId))!.find((t) => t.status === 'APPROVED')!;
    const scheduled = await schedule(7, {
      template: { templateName: template.name, templateLanguage: template.language },
      sendAt: soon(),
    });
    const withdrawn = templates.map((t) =>
      t.name === template.name && t.language === template.language ? { ...t, status: 'PAUSED' } : t,
    );
    await replaceTemplates(store.db, channelId, withdrawn, { startedAt: Date.now(), now: Date.now() });
    await waitFor(async () => (await stateOf(scheduled.id))?.state === 'failed');
    expect((await stateOf(scheduled.id))?.failure).toBe(
      `The template "${template.name}" (${template.language}) is not approved (PAUSED): pick another template`,
    );
  });

  it('looks up a send whose answer was lost instead of sending it again', async () => {
    const text = `Lost answer ${String(Date.now())}`;
    // The fake sends it after 1.5 s; the client gave up after 1 s.
    fake.fake.control.fail({
      method: 'POST',
      path: '/v1/conversations/{id}/messages',
      host: 'social',
      delayMs: 1_500,
    });
    const scheduled = await schedule(5, { text, sendAt: soon() });
    await waitFor(async () => (await stateOf(scheduled.id))?.state === 'sent', 30_000);
    expect(await sentTexts(thread(5).id, text)).toBe(1);
    const row = await repository().get(scheduled.id);
    expect(row?.attempts).toBe(2);
    const sent = (
      await client.call('messages.list', { params: { id: thread(5).id }, query: { limit: 50 } })
    ).data.find((m) => m.text === text);
    expect(row?.record.sentMessageId).toBe(sent?.id);
  }, 40_000);
});
