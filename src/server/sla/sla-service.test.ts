import { sql, type Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEventOf, Message, SlaSettingsBody } from '../../contract';
import type { User } from '../auth/users';
import { MemoryBus } from '../events/memory-bus';
import { JobQueue, QUEUES } from '../jobs/job-queue';
import { inboxListOf } from '../screens/inbox-list';
import { openStore, type TeamStore } from '../store/open-store';
import { conversation, message, uuid } from '../testing/live-records';
import { waitFor } from '../testing/wait-for';
import { seedWorkspace } from '../testing/workspace-seed';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { SlaRepository } from './sla-repository';
import { breachJobId, SlaService } from './sla-service';

// SLA clocks on PGlite with the real job queue, two instances over one database (two queues and
// services, one bus standing for Redis's fan-out): clocks start from an inbound message, stop at
// the team's reply (met) or the close, show on the inbox's rows and filter; a clock left unanswered
// past its due instant is breached once, told once, to its owner.

const log = pino({ level: 'silent' });
const MINUTE = 60_000;
let shift = 0;
const clock = () => Date.now() + shift;

const OWNER: User = {
  username: 'ana@test.example',
  displayName: 'Ana',
  role: 'agent',
  upstreamUserId: uuid(1, 'a0000000'),
  passwordHash: '',
};
const ADMIN: User = {
  ...OWNER,
  username: 'cat@test.example',
  role: 'admin',
  upstreamUserId: uuid(3, 'a0000000'),
};
const CHANNEL = uuid(7, 'cccccccc');

let store: TeamStore;
let repository: SlaRepository;
const queues: JobQueue[] = [];
const services: SlaService[] = [];
const bus = new MemoryBus();
const changed: LiveEventOf<'sla.changed'>[] = [];
const breached: { event: LiveEventOf<'sla.breached'>; audience: readonly string[] | undefined }[] = [];
bus.subscribe(({ event, audience }) => {
  if (event.type === 'sla.changed') changed.push(event);
  if (event.type === 'sla.breached') breached.push({ event, audience });
});

const body = (first: number, over: Partial<SlaSettingsBody['policies'][number]> = {}): SlaSettingsBody => ({
  hours: {
    timeZone: 'Europe/London',
    week: Array.from({ length: 7 }, () => [{ start: 0, end: 1440 }]),
    holidays: [],
  },
  policies: [
    {
      channelId: CHANNEL,
      firstResponseMinutes: first,
      nextResponseMinutes: 30,
      resolutionMinutes: 600,
      businessHours: false,
      ...over,
    },
  ],
});

/** A message `minutesAgo` before now, on thread n. */
const said = (n: number, k: number, minutesAgo: number, direction: Message['direction'] = 'inbound') =>
  message(n, k, { direction, created_at: new Date(Date.now() - minutesAgo * MINUTE).toISOString() });

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  repository = new SlaRepository(store.db);
  for (let i = 0; i < 2; i++) {
    const jobs = new JobQueue(store.db as Kysely<unknown>, { log, pollingIntervalSeconds: 0.5 });
    await jobs.start();
    queues.push(jobs);
    const s = new SlaService({ repository, db: store.db, jobs, bus, users: [OWNER, ADMIN], clock, log });
    await s.start();
    services.push(s);
  }
  // Saved an hour ago: messages since then start clocks.
  shift = -60 * MINUTE;
  await services[0]!.save(ADMIN, body(20));
  shift = 0;
}, 60_000);
afterAll(async () => {
  for (const jobs of queues) await jobs.stop(2_000);
  await store.close();
});

describe('SLA clocks', () => {
  it('starts the first response and resolution at the first inbound, shown on the row and filtered', async () => {
    await seedWorkspace(store.db, {
      conversations: [conversation(1, { channel_id: CHANNEL, assigned_to_user_id: OWNER.upstreamUserId })],
      messages: [said(1, 1, 10)],
    });
    await services[0]!.refresh(uuid(1, 'c0c0c0c0'));
    const { running } = await repository.clocksOf(uuid(1, 'c0c0c0c0'));
    expect(running.map((c) => c.kind)).toEqual(['first-response', 'resolution']);
    const first = running[0]!;
    // 20 minutes around the clock from the message; at risk with a quarter (5 min) left.
    expect(new Date(first.due_at).getTime() - new Date(first.started_at).getTime()).toBe(20 * MINUTE);
    expect(new Date(first.at_risk_at).getTime() - new Date(first.started_at).getTime()).toBe(15 * MINUTE);
    expect(changed.at(-1)).toMatchObject({
      conversationId: uuid(1, 'c0c0c0c0'),
      sla: { kind: 'first-response' },
    });

    const workspace = new WorkspaceReader(store.db);
    const page = await inboxListOf(workspace, {}, { slaAt: new Date() });
    expect(page.rows.find((r) => r.conversation.id === uuid(1, 'c0c0c0c0'))?.sla).toMatchObject({
      kind: 'first-response',
      targetMinutes: 20,
      businessHours: false,
    });
    const ids = async (sla: 'on-track' | 'at-risk' | 'breached', at = new Date()) =>
      (await inboxListOf(workspace, { sla }, { slaAt: at })).rows.map((r) => r.conversation.id);
    expect(await ids('on-track')).toEqual([uuid(1, 'c0c0c0c0')]);
    expect(await ids('at-risk', new Date(Date.now() + 6 * MINUTE))).toEqual([uuid(1, 'c0c0c0c0')]);
    expect(await ids('breached', new Date(Date.now() + 11 * MINUTE))).toEqual([uuid(1, 'c0c0c0c0')]);
  });

  it('meets the first response at a reply in time, then runs the next response from a new inbound', async () => {
    await seedWorkspace(store.db, { messages: [said(1, 2, 8, 'outbound'), said(1, 3, 2)] });
    await services[0]!.refresh(uuid(1, 'c0c0c0c0'));
    const rows = await store.db
      .selectFrom('sla_clocks')
      .selectAll()
      .where('conversation_id', '=', uuid(1, 'c0c0c0c0'))
      .orderBy('started_at')
      .orderBy('kind')
      .execute();
    const byKind = Object.fromEntries(rows.map((r) => [r.kind, r]));
    expect(byKind['first-response']!.met_at).not.toBeNull();
    expect(byKind['next-response']).toMatchObject({ stopped_at: null, target_minutes: 30 });
    expect(byKind.resolution!.stopped_at).toBeNull();
  });

  it('meets the resolution when the thread closes, and stops the response clocks', async () => {
    await seedWorkspace(store.db, {
      conversations: [
        conversation(1, { channel_id: CHANNEL, assigned_to_user_id: OWNER.upstreamUserId, status: 'closed' }),
      ],
    });
    await services[1]!.refresh(uuid(1, 'c0c0c0c0'));
    expect((await repository.clocksOf(uuid(1, 'c0c0c0c0'))).running).toEqual([]);
    expect(changed.at(-1)).toEqual({ type: 'sla.changed', conversationId: uuid(1, 'c0c0c0c0'), sla: null });
    const report = await repository.report(
      new Date(Date.now() - 86_400_000),
      new Date(Date.now() + MINUTE),
      10,
    );
    expect(report.byChannel).toEqual([{ key: CHANNEL, met: 2, breached: 0 }]);
  });

  it('breaches an unanswered clock once across two instances, told to its owner alone', async () => {
    const id = uuid(2, 'c0c0c0c0');
    await seedWorkspace(store.db, {
      conversations: [conversation(2, { channel_id: CHANNEL, assigned_to_user_id: OWNER.upstreamUserId })],
      messages: [said(2, 1, 21)],
    });
    // Both instances learn of it: one clock, one job (its id from the thread, kind and start).
    await Promise.all(services.map((s) => s.refresh(id)));
    const { running } = await repository.clocksOf(id);
    expect(running.filter((c) => c.kind === 'first-response')).toHaveLength(1);
    const jobId = breachJobId(id, 'first-response', new Date(running[0]!.started_at).toISOString());
    const jobs = await sql<{
      id: string;
    }>`select id::text as id from jobs.job where name = ${QUEUES.slaBreach}
      and data->>'conversationId' = ${id} and data->>'kind' = 'first-response'`.execute(store.db);
    expect(jobs.rows.map((j) => j.id)).toEqual([jobId]);

    await waitFor(() => breached.some((b) => b.event.conversationId === id), 15_000);
    // Both instances run the job body again: the guarded update lets neither tell twice.
    await Promise.all(
      services.map((s) =>
        s.runBreachJob({
          conversationId: id,
          kind: 'first-response',
          startedAt: running[0]!.started_at.toISOString(),
        }),
      ),
    );
    const told = breached.filter((b) => b.event.conversationId === id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      audience: [OWNER.username],
      event: { kind: 'first-response', owner: OWNER.upstreamUserId },
    });
    expect((await repository.one(id, 'first-response', running[0]!.started_at))!.breached_at).not.toBeNull();
  }, 30_000);

  it('starts nothing for a channel without a policy or for messages before it', async () => {
    await seedWorkspace(store.db, {
      conversations: [
        conversation(3, { channel_id: uuid(9, 'cccccccc') }),
        conversation(4, { channel_id: CHANNEL }),
      ],
      messages: [said(3, 1, 5), said(4, 1, 120)],
    });
    await services[0]!.refresh(uuid(3, 'c0c0c0c0'));
    await services[0]!.refresh(uuid(4, 'c0c0c0c0'));
    expect((await repository.clocksOf(uuid(3, 'c0c0c0c0'))).running).toEqual([]);
    expect((await repository.clocksOf(uuid(4, 'c0c0c0c0'))).running).toEqual([]);
  });
});
