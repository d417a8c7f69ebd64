import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, LiveEvent } from '../../contract';
import type { User } from '../auth/users';
import { MemoryBus } from '../events/memory-bus';
import { JobQueue } from '../jobs/job-queue';
import { openStore, type TeamStore } from '../store/open-store';
import { conversation } from '../testing/live-records';
import { seedWorkspace } from '../testing/workspace-seed';
import type { ReadMarks } from '../unread/read-marks';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { SnoozeRepository } from './snooze-repository';
import { SnoozeService } from './snooze-service';
import { waitFor } from '../testing/wait-for';

// The wake at the snooze's time, through the real job queue: the snooze ends, the owner gets the
// thread back unread and browsers are told; a snooze replaced before its time is not ended by the
// first one's job; a thread something newer arrived in is not marked unread again.

const log = pino({ level: 'silent' });
const OWNER: User = {
  username: 'owner@test.example',
  displayName: 'Owner',
  role: 'agent',
  upstreamUserId: 'a0000000-0000-4000-8000-0000000000aa',
  passwordHash: '',
};
/** The service's clock runs this far behind real time, so a snooze just past its minimum (a minute
 *  ahead of it) is due about two seconds from now in the queue's real time. */
const BEHIND_MS = 59_000;

let store: TeamStore;
let jobs: JobQueue;
let service: SnoozeService;
const unreadFor: string[] = [];
const told: Conversation[] = [];

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  jobs = new JobQueue(store.db as Kysely<unknown>, { log, pollingIntervalSeconds: 0.5 });
  await jobs.start();
  const bus = new MemoryBus();
  bus.subscribe(({ event }: { event: LiveEvent }) => {
    if (event.type === 'conversation.upserted') told.push(event.conversation);
  });
  const marks = {
    markUnread: async (username: string, id: string) => {
      unreadFor.push(`${username} ${id}`);
      return null;
    },
  } as unknown as ReadMarks;
  service = new SnoozeService({
    repository: new SnoozeRepository(store.db),
    workspace: new WorkspaceReader(store.db),
    jobs,
    bus,
    marks,
    users: [OWNER],
    clock: () => Date.now() - BEHIND_MS,
    log,
  });
  await service.start();
  await seedWorkspace(store.db, {
    conversations: [1, 2, 3].map((n) => conversation(n, { assigned_to_user_id: OWNER.upstreamUserId })),
  });
}, 60_000);
afterAll(async () => {
  await jobs.stop(2_000);
  await store.close();
});

const soon = () => new Date(Date.now() - BEHIND_MS + 61_000);
const held = async (n: number) =>
  (await new SnoozeRepository(store.db).get(conversation(n).id)) !== undefined;

describe('a snoozed thread at its time', () => {
  it('wakes, marked unread for its owner, and browsers are told', async () => {
    const id = conversation(1).id;
    const snoozed = await service.snooze(OWNER, id, soon());
    expect(snoozed).toMatchObject({ ok: true, conversation: { status: 'snoozed' } });
    expect(told.at(-1)).toMatchObject({ id, status: 'snoozed' });
    await waitFor(async () => !(await held(1)));
    expect(unreadFor).toContain(`${OWNER.username} ${id}`);
    expect(told.at(-1)).toMatchObject({ id, status: 'open' });
  });

  it('keeps a snooze replaced before the first one was due', async () => {
    const id = conversation(2).id;
    await service.snooze(OWNER, id, soon());
    const later = new Date(Date.now() - BEHIND_MS + 3_600_000);
    await service.snooze(OWNER, id, later);
    // Past the first snooze's time: its job (cancelled, and keyed to its own time) ends nothing.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await held(2)).toBe(true);
    expect((await new SnoozeRepository(store.db).get(id))?.until.getTime()).toBe(later.getTime());
  });

  it('does not mark unread again a thread that something newer woke', async () => {
    const id = conversation(3).id;
    await service.snooze(OWNER, id, soon());
    await seedWorkspace(store.db, {
      conversations: [
        conversation(3, {
          assigned_to_user_id: OWNER.upstreamUserId,
          last_message_at: new Date().toISOString(),
        }),
      ],
    });
    await waitFor(async () => !(await held(3)));
    expect(unreadFor).not.toContain(`${OWNER.username} ${id}`);
  });
});
