import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, LiveEventOf } from '../../contract';
import type { User } from '../auth/users';
import { MemoryBus } from '../events/memory-bus';
import { StreamHub, type HubStream } from '../events/stream-hub';
import { JobQueue, QUEUES } from '../jobs/job-queue';
import { openStore, type TeamStore } from '../store/open-store';
import { conversation } from '../testing/live-records';
import { waitFor } from '../testing/wait-for';
import { seedWorkspace } from '../testing/workspace-seed';
import { CONVERSATIONS } from '../workspace/record-kinds';
import { removeRecord } from '../workspace/workspace-writer';
import { AvailabilityRepository } from './availability-repository';
import { AvailabilityService, awayJobId } from './availability-service';
import { startAvailability } from './register-availability';

// Availability on PGlite with the real job queue, two instances over one database (two queues and
// services, one bus standing for Redis's fan-out): a choice is kept and told; whoever has had no
// tab open for the idle time counts as Away (worked out when read), told by one job at the end of
// the idle time after their last stream closed, and only if nothing happened since; open threads
// are counted per owner from the workspace tables.

const log = pino({ level: 'silent' });
const MINUTE = 60_000;
const AWAY_AFTER = 10 * MINUTE;

/** The services' clock: real time moved by `shift` (or stopped at `frozen`), so a test can step
 *  past the idle time. */
let shift = 0;
let frozen: number | null = null;
const clock = () => frozen ?? Date.now() + shift;

const person = (n: number, name: string, role: User['role'] = 'agent'): User => ({
  username: `${name.toLowerCase()}@test.example`,
  displayName: name,
  role,
  upstreamUserId: `a0000000-0000-4000-8000-00000000000${String(n)}`,
  passwordHash: '',
});
const ANA = person(1, 'Ana');
const BEN = person(2, 'Ben', 'manager');
const CAT = person(3, 'Cat', 'admin');
const DAN = person(4, 'Dan');
const EVE = person(5, 'Eve');
const FAY = person(6, 'Fay');
const USERS = [ANA, BEN, CAT, DAN, EVE, FAY];

let store: TeamStore;
let repository: AvailabilityRepository;
const queues: JobQueue[] = [];
const services: AvailabilityService[] = [];
const told: LiveEventOf<'availability.changed'>[] = [];
const bus = new MemoryBus();
bus.subscribe(({ event }) => {
  if (event.type === 'availability.changed') told.push(event);
});

const toldOf = (user: User) => told.filter((e) => e.username === user.username);
const service = () => services[0]!;
const queued = (user: User) =>
  queues[0]!.unfinished(QUEUES.availabilityAway, { key: 'username', value: user.username }, null);
const memberOf = async (user: User) =>
  (await service().team()).members.find((m) => m.username === user.username)!;

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  repository = new AvailabilityRepository(store.db);
  for (let i = 0; i < 2; i++) {
    const jobs = new JobQueue(store.db as Kysely<unknown>, { log, pollingIntervalSeconds: 0.5 });
    await jobs.start();
    queues.push(jobs);
    const s = new AvailabilityService({
      repository,
      jobs,
      bus,
      users: USERS,
      clock,
      awayAfterMinutes: AWAY_AFTER / MINUTE,
      log,
    });
    await s.start();
    services.push(s);
  }
}, 60_000);
afterEach(() => {
  frozen = null;
  shift = 0;
});
afterAll(async () => {
  for (const jobs of queues) await jobs.stop(2_000);
  await store.close();
});

describe('availability', () => {
  it('counts everyone Away by idleness until a tab of theirs opens, then their choice', async () => {
    shift = 0;
    const before = await memberOf(ANA);
    expect(before).toMatchObject({
      status: 'away',
      chosen: 'available',
      auto: true,
      since: null,
      lastSeenAt: null,
    });

    await service().arrived(ANA.username);
    expect(toldOf(ANA)).toEqual([
      { type: 'availability.changed', username: ANA.username, status: 'available', auto: false },
    ]);
    const now = await memberOf(ANA);
    expect(now).toMatchObject({ status: 'available', auto: false, name: 'Ana', role: 'agent' });
    expect(now.since).toBe(now.lastSeenAt);

    // A second tab, on another instance, while one is open: nothing to tell.
    await services[1]!.arrived(ANA.username);
    expect(toldOf(ANA)).toHaveLength(1);
  });

  it('keeps a choice with its time and tells every browser', async () => {
    shift = 0;
    const entry = await service().choose(BEN, 'busy');
    expect(entry).toMatchObject({ username: BEN.username, status: 'busy', chosen: 'busy', auto: false });
    expect(Date.parse(entry.since!)).toBeGreaterThan(Date.now() - 5_000);
    expect(toldOf(BEN).at(-1)).toMatchObject({ status: 'busy', auto: false });
    expect(await memberOf(BEN)).toMatchObject({ status: 'busy', since: entry.since });
  });

  it('turns Away by itself once no tab was open for longer than the idle time, not before', async () => {
    shift = 0;
    await service().choose(CAT, 'busy');
    await service().touch([CAT.username]);
    const seen = Date.parse((await memberOf(CAT)).lastSeenAt!);

    // Just within the idle time (the real clock moves on a little during the read).
    shift = seen + AWAY_AFTER - 500 - Date.now();
    expect(await memberOf(CAT)).toMatchObject({ status: 'busy', auto: false });
    shift = seen + AWAY_AFTER + 1_000 - Date.now();
    const away = await memberOf(CAT);
    expect(away).toMatchObject({ status: 'away', chosen: 'busy', auto: true });
    expect(away.since).toBe(new Date(seen + AWAY_AFTER).toISOString());

    // Back in a tab: the choice again, from then on, and browsers are told.
    await service().arrived(CAT.username);
    const back = await memberOf(CAT);
    expect(back).toMatchObject({ status: 'busy', auto: false });
    expect(Date.parse(back.since!)).toBeGreaterThan(Date.parse(away.since!));
    expect(toldOf(CAT).at(-1)).toMatchObject({ status: 'busy', auto: false });
    shift = 0;
  });

  it('is Away by choice, not by idleness, when Away was chosen', async () => {
    shift = 0;
    await service().choose(DAN, 'away');
    shift = AWAY_AFTER * 3;
    expect(await memberOf(DAN)).toMatchObject({ status: 'away', chosen: 'away', auto: false });
    shift = 0;
  });

  it('touches everyone holding a stream in one statement, and never moves last seen back', async () => {
    shift = 0;
    await service().touch([EVE.username, FAY.username]);
    const rows = await repository.all();
    const eve = rows.get(EVE.username)!.last_seen_at!;
    expect(rows.get(FAY.username)!.last_seen_at).toEqual(eve);
    shift = -MINUTE;
    await services[1]!.touch([EVE.username]);
    expect((await repository.one(EVE.username))!.last_seen_at).toEqual(eve);
    shift = 0;
  });

  it("counts each person's open threads from the workspace tables", async () => {
    const owned = (n: number, owner: User, status: Conversation['status'] = 'open') =>
      conversation(100 + n, { assigned_to_user_id: owner.upstreamUserId, status });
    await seedWorkspace(store.db, {
      conversations: [
        owned(1, ANA),
        owned(2, ANA),
        owned(3, ANA, 'closed'),
        owned(4, BEN),
        owned(5, BEN),
        conversation(106, { assigned_to_user_id: null }),
      ],
    });
    await removeRecord(store.db, CONVERSATIONS, conversation(105).id, Date.now());
    const team = await service().team();
    const open = Object.fromEntries(team.members.map((m) => [m.name, m.openThreads]));
    expect(open).toEqual({ Ana: 2, Ben: 1, Cat: 0, Dan: 0, Eve: 0, Fay: 0 });
    expect(team.awayAfterMinutes).toBe(10);
  });

  it('lists the team Available first, then Busy, then Away, each by name', async () => {
    const team = await service().team();
    const ranks = { available: 0, busy: 1, away: 2 };
    const order = team.members.map((m) => [ranks[m.status], m.name] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])));
    expect(team.members[0]!.status).toBe('available');
    expect(team.members.at(-1)!.status).toBe('away');
  });
});

describe('going Away, on the job queue', () => {
  it('queues one job per moment last seen whichever instance queues it, and it tells every browser once', async () => {
    const user = person(7, 'Gus');
    // The last tab closes on both instances at one moment, the idle time ago.
    frozen = Date.now() - AWAY_AFTER - 5_000;
    await service().arrived(user.username);
    await Promise.all(services.map((s) => s.left(user.username)));
    const jobs = await queued(user);
    expect(jobs.map((j) => j.id)).toEqual([awayJobId(user.username, frozen)]);
    frozen = null;
    shift = 0;
    await waitFor(() => toldOf(user).some((e) => e.auto));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(toldOf(user)).toEqual([
      { type: 'availability.changed', username: user.username, status: 'available', auto: false },
      { type: 'availability.changed', username: user.username, status: 'away', auto: true },
    ]);
  });

  it('follows streams: the last one closing on an instance queues the job, which tells once at its time', async () => {
    const user = person(8, 'Hal');
    const hub = new StreamHub(bus, 1 << 20, log);
    const room = await startAvailability({
      db: store.db,
      hub,
      bus,
      jobs: queues[1]!,
      users: USERS,
      clock,
      awayAfterMinutes: AWAY_AFTER / MINUTE,
      touchEveryMs: 100,
      log,
    });
    const stream = (): HubStream => ({
      username: user.username,
      res: {} as HubStream['res'],
      deliver: () => undefined,
    });
    const [one, two] = [stream(), stream()];
    shift = -(AWAY_AFTER + 5_000);
    hub.add(one);
    hub.add(two);
    expect(hub.holders()).toEqual([user.username]);
    await waitFor(() => toldOf(user).length === 1);
    expect(toldOf(user)[0]).toMatchObject({ status: 'available', auto: false });
    // While a stream is open, the instance's timer keeps the person seen.
    const seenAt = async () => (await repository.one(user.username))?.last_seen_at?.getTime() ?? 0;
    const first = await seenAt();
    await waitFor(async () => (await seenAt()) > first, 5_000);
    hub.remove(one);
    // One tab still open: nothing queued.
    expect(await queued(user)).toEqual([]);
    hub.remove(two);
    expect(hub.holders()).toEqual([]);
    // Queued at once; run when its time has come on the services' clock (early, it tries again).
    await waitFor(async () => (await queued(user)).length === 1);
    shift = 0;
    await waitFor(() => toldOf(user).some((e) => e.auto));
    expect(toldOf(user).at(-1)).toMatchObject({ status: 'away', auto: true });
    room.stop();
    hub.close();
  });

  it('queues the Away job of someone whose instance died with their tabs open, once, from any instance', async () => {
    const user = person(10, 'Jo');
    // An instance touched them last a while ago, then died: no close, so no job.
    const lastTouch = clock() - AWAY_AFTER - 5_000;
    await repository.seen([user.username], new Date(lastTouch));
    expect(await queued(user)).toEqual([]);
    // Someone touched within the minute is not lapsed; someone long Away is left alone.
    await repository.seen([person(11, 'Kim').username], new Date(clock()));
    await repository.seen([person(12, 'Lou').username], new Date(clock() - AWAY_AFTER - 30 * MINUTE));
    // Both instances queue it (with whoever else earlier tests left lapsed): one job, by its id.
    expect(await service().queueLapsed(MINUTE)).toBeGreaterThanOrEqual(1);
    expect(await services[1]!.queueLapsed(MINUTE)).toBeGreaterThanOrEqual(1);
    // Asked again, each instance knows what it queued.
    expect(await service().queueLapsed(MINUTE)).toBe(0);
    await waitFor(() => toldOf(user).some((e) => e.auto));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(toldOf(user)).toEqual([
      { type: 'availability.changed', username: user.username, status: 'away', auto: true },
    ]);
    expect(toldOf(person(11, 'Kim'))).toEqual([]);
    expect(toldOf(person(12, 'Lou'))).toEqual([]);
  });

  it('tells nothing when a tab came back, a later close queued a later job, or Away was chosen', async () => {
    shift = 0;
    const user = person(9, 'Ivy');
    const first = clock() - AWAY_AFTER - 5_000;
    await repository.seen([user.username], new Date(first));
    // A later close (on another instance) moved last seen on: the first job is not the last word.
    await repository.seen([user.username], new Date(first + 1_000));
    await service().runAwayJob({ username: user.username, lastSeenAt: new Date(first).toISOString() });
    expect(toldOf(user)).toEqual([]);
    // Present again (a tab touched it just now): no longer idle.
    const latest = clock();
    await repository.seen([user.username], new Date(latest));
    await expect(
      service().runAwayJob({ username: user.username, lastSeenAt: new Date(latest).toISOString() }),
    ).rejects.toThrow(/not passed/);
    // Away by choice: nothing to tell when idle.
    await repository.choose(user.username, 'away', new Date(latest));
    const row = await repository.one(user.username);
    shift = AWAY_AFTER * 2;
    await service().runAwayJob({
      username: user.username,
      lastSeenAt: new Date(row!.last_seen_at!).toISOString(),
    });
    shift = 0;
    expect(toldOf(user)).toEqual([]);
  });
});
