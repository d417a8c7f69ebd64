import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditSummary, AssignmentRuleBody, Conversation, LiveEvent } from '../../contract';
import type { User } from '../auth/users';
import { AvailabilityRepository } from '../availability/availability-repository';
import { MemoryBus } from '../events/memory-bus';
import { JobQueue, QUEUES } from '../jobs/job-queue';
import { openStore, type TeamStore } from '../store/open-store';
import { conversation, message, uuid } from '../testing/live-records';
import { waitFor } from '../testing/wait-for';
import { seedWorkspace } from '../testing/workspace-seed';
import { UpstreamError } from '../upstream/upstream-error';
import { applyAllToWorkspace } from '../workspace/apply-events';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { replaceList } from '../workspace/workspace-writer';
import { NOBODY_AVAILABLE, everyoneAtCap } from './assignment-pick';
import { AssignmentRepository } from './assignment-repository';
import { AssignmentRunner, type AssignmentUpstream } from './assignment-runner';
import { AssignmentService } from './assignment-service';

// Assignment rules on PGlite with the real job queue, two instances over one database (two queues,
// runners and services, one bus standing for Redis's fan-out, as the change feed delivers every
// committed change to each), against a scripted upstream that counts every assign-owner call:
// each new thread is assigned once, round robin keeps loads within one, a cap makes threads wait
// oldest first and a freed place takes the oldest, the upstream refusing keeps the thread waiting
// with its reason, nobody Available says so until someone is, and an owner who does not reply in
// time loses the thread to the next.

const log = pino({ level: 'silent' });
const person = (n: number, name: string, role: User['role'] = 'agent'): User => ({
  username: `${name.toLowerCase()}@test.example`,
  displayName: name,
  role,
  upstreamUserId: uuid(n, 'a0000000'),
  passwordHash: '',
});
const ANA = person(1, 'Ana');
const BEN = person(2, 'Ben');
const CAT = person(3, 'Cat');
// Dan and Eve hold no thread but the cap test's: the cap counts every open thread of theirs.
const DAN = person(4, 'Dan');
const EVE = person(5, 'Eve');
const ADA = person(9, 'Ada', 'admin');
const USERS = [ANA, BEN, CAT, DAN, EVE, ADA];
const channelId = (n: number) => uuid(n, 'cccccccc');

let store: TeamStore;
let repository: AssignmentRepository;
let availability: AvailabilityRepository;
const bus = new MemoryBus();
const queues: JobQueue[] = [];
const services: AssignmentService[] = [];
const runners: AssignmentRunner[] = [];
/** Every assign-owner call the upstream took: thread id → user ids given. */
const assignCalls = new Map<string, (string | null)[]>();
const refusing = new Map<string, string>();
const audited: { conversationId: string; summary: AuditSummary }[] = [];
let tick = 1_000;

const upstream: AssignmentUpstream = {
  async assign(id, userId) {
    assignCalls.set(id, [...(assignCalls.get(id) ?? []), userId]);
    const reason = refusing.get(id);
    if (reason) throw new UpstreamError('http', 'conversations.assignOwner', reason, 422, null, [reason]);
    const held = await new WorkspaceReader(store.db).conversation(id);
    if (!held) throw new UpstreamError('http', 'conversations.assignOwner', 'Not found', 404);
    return { ...held, assigned_to_user_id: userId, updated_at: new Date(Date.now() + tick++).toISOString() };
  },
  read: async (id) => new WorkspaceReader(store.db).conversation(id),
};

/** What the sync (or a write's answer) does: the change in the workspace tables, then on the bus. */
async function publish(events: LiveEvent[]): Promise<void> {
  await applyAllToWorkspace(
    store.db,
    events.map((event) => ({ event })),
    { now: Date.now() },
  );
  await bus.publish(events.map((event) => ({ event })));
}

/** A thread the sync learned of: open, unowned, on the channel. */
const arrive = async (n: number, channel: string, over: Partial<Conversation> = {}) => {
  const thread = conversation(n, {
    channel_id: channel,
    updated_at: new Date(Date.now() + tick++).toISOString(),
    ...over,
  });
  await publish([{ type: 'conversation.upserted', conversation: thread }]);
  return thread;
};
const held = (n: number) => new WorkspaceReader(store.db).conversation(uuid(n, 'c0c0c0c0'));
const ownerOf = async (n: number) => (await held(n))?.assigned_to_user_id ?? null;
const callsFor = (n: number) => assignCalls.get(uuid(n, 'c0c0c0c0')) ?? [];
const waitingOn = async (channel: string) =>
  (await repository.allWaiting()).filter((w) => w.channel_id === channel);

const rule = (over: Partial<AssignmentRuleBody> = {}): AssignmentRuleBody => ({
  enabled: true,
  mode: 'round-robin',
  members: [ANA.username, BEN.username, CAT.username],
  cap: null,
  noReplyMinutes: null,
  noReplyTo: null,
  ...over,
});
const save = async (channel: string, body: AssignmentRuleBody) => {
  const outcome = await services[0]!.save(ADA, channel, body);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.message));
};
const setStatus = async (user: User, status: 'available' | 'busy') => {
  await availability.choose(user.username, status, new Date());
  await publish([{ type: 'availability.changed', username: user.username, status, auto: false }]);
};

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  repository = new AssignmentRepository(store.db);
  availability = new AvailabilityRepository(store.db);
  await replaceList(
    store.db,
    'channels',
    Array.from({ length: 8 }, (_, i) => ({
      id: channelId(i + 1),
      name: `Channel ${String(i + 1)}`,
      platform: 'whatsapp',
    })),
    { startedAt: 0, now: 0 },
  );
  for (const user of USERS) await availability.choose(user.username, 'available', new Date());
  const workspace = new WorkspaceReader(store.db);
  for (let i = 0; i < 2; i++) {
    const jobs = new JobQueue(store.db as Kysely<unknown>, { log, pollingIntervalSeconds: 0.5 });
    await jobs.start();
    queues.push(jobs);
    const runner = new AssignmentRunner({
      repository,
      availability,
      jobs,
      upstream,
      publish,
      audit: (record) => audited.push(record),
      users: USERS,
      channelName: async (id) => `Channel ${String(Number(id.slice(-2)))}`,
      threadName: async (thread) => `Thread ${thread.id.slice(-2)}`,
      awayAfterMinutes: 60,
      clock: Date.now,
      log,
    });
    await runner.start();
    runners.push(runner);
    const service = new AssignmentService({
      repository,
      runner,
      users: USERS,
      channels: () => workspace.list('channels'),
      threadNames: (threads) => workspace.threadNames(threads),
      clock: Date.now,
    });
    services.push(service);
    bus.subscribe(({ event }) => service.onChange(event, (error) => log.error(error)));
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop()));
  await store.close();
});

describe('assignment rules, two instances', () => {
  it('round robin assigns each new thread once, loads within one, each change audited with its rule', async () => {
    const ch = channelId(1);
    await save(ch, rule());
    const threads = Array.from({ length: 10 }, (_, i) => 100 + i);
    await Promise.all(threads.map((n) => arrive(n, ch)));
    await waitFor(async () => (await Promise.all(threads.map(ownerOf))).every((o) => o !== null));
    for (const n of threads) expect(callsFor(n), `thread ${String(n)}`).toHaveLength(1);
    const owners = await Promise.all(threads.map(ownerOf));
    const loads = [ANA, BEN, CAT].map((u) => owners.filter((o) => o === u.upstreamUserId).length);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    expect(await waitingOn(ch)).toEqual([]);
    const entries = audited.filter((a) => threads.some((n) => a.conversationId === uuid(n, 'c0c0c0c0')));
    expect(entries).toHaveLength(10);
    expect(entries[0]!.summary).toMatchObject({ verb: 'assigned', detail: 'Channel 1 rule (round robin)' });
  }, 30_000);

  it('with everyone at the cap threads wait oldest first, with the reason; a freed place takes the oldest', async () => {
    const ch = channelId(2);
    await save(ch, rule({ members: [DAN.username, EVE.username], cap: 1, mode: 'least-loaded' }));
    await arrive(200, ch);
    await arrive(201, ch);
    await waitFor(async () => (await ownerOf(200)) !== null && (await ownerOf(201)) !== null);
    await arrive(202, ch);
    await arrive(203, ch);
    await waitFor(
      async () => (await waitingOn(ch)).every((w) => w.reason !== null) && (await waitingOn(ch)).length === 2,
    );
    const waiting = await waitingOn(ch);
    expect(waiting.map((w) => w.conversation_id)).toEqual([uuid(202, 'c0c0c0c0'), uuid(203, 'c0c0c0c0')]);
    expect(waiting[0]!.reason).toBe(everyoneAtCap(1));
    // The owner of 200 closes it: the oldest waiting one (202) goes to them, 203 still waits.
    const freed = (await held(200))!;
    await publish([
      {
        type: 'conversation.upserted',
        conversation: { ...freed, status: 'closed', updated_at: new Date(Date.now() + tick++).toISOString() },
      },
    ]);
    await waitFor(async () => (await ownerOf(202)) === freed.assigned_to_user_id);
    expect(await ownerOf(203)).toBeNull();
    expect((await waitingOn(ch)).map((w) => w.conversation_id)).toEqual([uuid(203, 'c0c0c0c0')]);
  }, 30_000);

  it('the upstream refusing keeps the thread waiting with its reason; the others go on', async () => {
    const ch = channelId(3);
    await save(ch, rule());
    refusing.set(uuid(300, 'c0c0c0c0'), 'The thread is archived');
    await arrive(300, ch);
    await arrive(301, ch);
    await waitFor(async () => (await ownerOf(301)) !== null);
    await waitFor(async () => (await waitingOn(ch))[0]?.reason?.includes('archived') ?? false);
    expect(await ownerOf(300)).toBeNull();
    expect((await waitingOn(ch)).map((w) => w.reason)).toEqual([
      'The messaging service refused the assignment: The thread is archived',
    ]);
  }, 30_000);

  it('with nobody Available threads wait and say so, until someone is', async () => {
    const ch = channelId(4);
    await save(ch, rule({ members: [CAT.username] }));
    await setStatus(CAT, 'busy');
    await arrive(400, ch);
    await waitFor(async () => (await waitingOn(ch))[0]?.reason === NOBODY_AVAILABLE);
    await setStatus(CAT, 'available');
    await waitFor(async () => (await ownerOf(400)) === CAT.upstreamUserId);
    expect(callsFor(400)).toEqual([CAT.upstreamUserId]);
  }, 30_000);

  it('an owner who did not reply in time loses the thread to the next; one who replied keeps it', async () => {
    const ch = channelId(5);
    await save(ch, rule({ members: [ANA.username, BEN.username], noReplyMinutes: 15 }));
    await arrive(500, ch);
    await arrive(501, ch);
    await waitFor(async () => (await ownerOf(500)) !== null && (await ownerOf(501)) !== null);
    const first = (await repository.given(uuid(500, 'c0c0c0c0')))!;
    const second = (await repository.given(uuid(501, 'c0c0c0c0')))!;
    // The check is queued for the end of the time, once whichever instance assigned it.
    const queued = await queues[0]!.unfinished(
      QUEUES.assignmentNoReply,
      { key: 'conversationId', value: first.conversation_id },
      null,
    );
    expect(queued).toHaveLength(1);
    expect(queued[0]!.startAfter.getTime()).toBe(new Date(first.assigned_at).getTime() + 15 * 60_000);
    // 501's owner replied; 500's did not.
    await seedWorkspace(store.db, {
      messages: [
        message(501, 1, {
          direction: 'outbound',
          from_me: true,
          created_at: new Date(Date.now() + 1000).toISOString(),
        }),
      ],
    });
    const job = (g: typeof first) => ({
      conversationId: g.conversation_id,
      owner: g.owner,
      assignedAt: new Date(g.assigned_at).toISOString(),
    });
    await runners[1]!.runNoReply(job(second));
    await runners[1]!.runNoReply(job(first));
    await waitFor(async () => ![null, first.owner].includes(await ownerOf(500)));
    expect(await ownerOf(501)).toBe(second.owner);
    expect(callsFor(500)).toEqual([first.owner, null, second.owner]);
    expect(
      audited.find((a) => a.conversationId === first.conversation_id && a.summary.verb === 'unassigned')
        ?.summary.detail,
    ).toBe('Channel 5 rule (round robin): no reply within 15 minutes');
  }, 30_000);

  it('a rule naming someone not on the team, or a channel that does not exist, is refused on its field', async () => {
    const ch = channelId(6);
    expect(await services[0]!.save(ADA, ch, rule({ members: [ANA.username, 'gone@test.example'] }))).toEqual({
      ok: false,
      status: 400,
      message: ['members.1 gone@test.example is not on the team (they may have left)'],
    });
    expect(
      await services[0]!.save(ADA, ch, rule({ noReplyMinutes: 5, noReplyTo: 'gone@test.example' })),
    ).toMatchObject({
      ok: false,
      message: ['noReplyTo gone@test.example is not on the team (they may have left)'],
    });
    expect(await services[0]!.save(ADA, uuid(99, 'dddddddd'), rule())).toMatchObject({
      ok: false,
      status: 404,
    });
    expect((await services[0]!.overview()).channels.find((c) => c.channelId === ch)?.rule).toBeNull();
  });

  it('a thread that arrives on a channel without a rule, or with the rule off, is left alone', async () => {
    const ch = channelId(7);
    await save(ch, rule({ enabled: false }));
    await arrive(700, ch);
    await arrive(701, channelId(8));
    // A thread on a channel with a rule on, sent after them, is assigned: the earlier ones had their turn.
    await save(channelId(1), rule());
    await arrive(702, channelId(1));
    await waitFor(async () => (await ownerOf(702)) !== null);
    expect(callsFor(700)).toEqual([]);
    expect(callsFor(701)).toEqual([]);
    expect(await waitingOn(ch)).toEqual([]);
  }, 30_000);
});
