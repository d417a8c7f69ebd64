import type { FastifyBaseLogger } from 'fastify';
import {
  byAvailability,
  effectiveAvailability,
  type AvailabilityStatus,
  type TeamAvailability,
  type TeammateAvailability,
} from '../../contract/availability';
import type { User } from '../auth/users';
import type { EventBus } from '../events/bus';
import { QUEUES, type JobQueue } from '../jobs/job-queue';
import { nameBasedUuid } from '../jobs/slice-chain';
import {
  storedOf,
  timeOf,
  type AvailabilityRepository,
  type AvailabilityRow,
} from './availability-repository';

// Availability (issue 39): each person's choice, and whether a tab of theirs holds the live stream
// on any instance. Every instance keeps `last_seen_at` fresh for the people whose streams it holds
// (touch, in one statement on a timer); Away after the idle time is worked out when read, so it is
// right with no timer at all. Browsers are told sooner by `availability.changed`: at once for a
// choice or a tab coming back, and for going Away by a job queued when a person's last stream on an
// instance closes, due when the idle time has passed. Its id is derived from the person and the
// time they were last seen, so instances queuing it for the same moment queue one; it tells only
// if that is still the last time they were seen (a later close queued a later job, a tab that came
// back made them present) and they still count as Away by idleness.

export interface AvailabilityServiceDeps {
  readonly repository: AvailabilityRepository;
  /** Null without the queue: nobody is told of going Away (the team page still shows it). */
  readonly jobs: JobQueue | null;
  readonly bus: EventBus;
  /** Who signs in: the team the page lists. */
  readonly users: readonly User[];
  readonly clock: () => number;
  readonly awayAfterMinutes: number;
  readonly log: FastifyBaseLogger;
}

export interface AwayJob {
  readonly username: string;
  /** The last time they were seen when their last stream closed (ISO); the job tells only if it still is. */
  readonly lastSeenAt: string;
}

/** How long past the idle time someone whose tabs lapsed is still looked for (and their job queued). */
const LAPSED_WINDOW_MS = 10 * 60_000;

/** The job runs this long after the idle time, so a clock a little ahead of the database's agrees. */
const AWAY_JOB_MARGIN_MS = 2_000;

export class AvailabilityService {
  private readonly awayAfterMs: number;
  /** The moment last seen each person's Away job was queued for by this instance (by username). */
  private readonly queuedHere = new Map<string, number | null>();

  constructor(private readonly deps: AvailabilityServiceDeps) {
    this.awayAfterMs = deps.awayAfterMinutes * 60_000;
  }

  /** Works the Away jobs on this instance (every instance does; each job runs once). */
  async start(): Promise<void> {
    await this.deps.jobs?.work<AwayJob>(QUEUES.availabilityAway, (job) => this.runAwayJob(job.data));
  }

  /** The team as the page shows it, with each person's open threads. */
  async team(): Promise<TeamAvailability> {
    const { users, repository } = this.deps;
    const [rows, open] = await Promise.all([
      repository.all(),
      repository.openThreads(users.map((u) => u.upstreamUserId)),
    ]);
    const now = this.deps.clock();
    const members = users
      .map((user) => this.entryOf(user, rows.get(user.username), open.get(user.upstreamUserId) ?? 0, now))
      .sort(byAvailability);
    return { members, awayAfterMinutes: this.deps.awayAfterMinutes };
  }

  /** A person's own choice: kept, then told to every browser. */
  async choose(user: User, status: AvailabilityStatus): Promise<TeammateAvailability> {
    const now = this.deps.clock();
    const row = await this.deps.repository.choose(user.username, status, new Date(now));
    const open = await this.deps.repository.openThreads([user.upstreamUserId]);
    const entry = this.entryOf(user, row, open.get(user.upstreamUserId) ?? 0, now);
    await this.tell({ username: user.username, status: entry.status, auto: entry.auto });
    return entry;
  }

  /** A person's first stream opened on this instance: seen now; back from Away when they were idle. */
  async arrived(username: string): Promise<void> {
    const now = this.deps.clock();
    const row = await this.deps.repository.arrive(username, new Date(now), new Date(now - this.awayAfterMs));
    if (timeOf(row.back_at) === now && row.status !== 'away')
      await this.tell({ username, status: row.status, auto: false });
  }

  /** A person's last stream on this instance closed: seen now, and the Away job queued for later. */
  async left(username: string): Promise<void> {
    const [row] = await this.deps.repository.seen([username], new Date(this.deps.clock()));
    const lastSeen = timeOf(row?.last_seen_at);
    if (lastSeen !== null) await this.queueAway(username, lastSeen);
  }

  /**
   * Queues the Away job of everyone whose tabs no instance has touched for `lapsedAfterMs` (a few
   * touch intervals), when it is not already queued: the people whose streams an instance held when
   * it died, which never saw their last stream close. Every instance runs it on its touch; the job's
   * id is the one a close would have queued, so a person is told once whoever queues it. Those long
   * Away (past the idle time and `LAPSED_WINDOW_MS`) are left alone: they were told, or the job is done.
   */
  async queueLapsed(lapsedAfterMs: number): Promise<number> {
    if (!this.deps.jobs) return 0;
    const now = this.deps.clock();
    const rows = await this.deps.repository.lapsed(
      new Date(now - lapsedAfterMs),
      new Date(now - this.awayAfterMs - LAPSED_WINDOW_MS),
    );
    // What this instance queued already is not sent again on each touch (the queue would skip it anyway).
    const fresh = rows.filter((row) => this.queuedHere.get(row.username) !== timeOf(row.last_seen_at));
    if (fresh.length === 0) return 0;
    await this.deps.jobs.scheduleMany(
      QUEUES.availabilityAway,
      fresh.map((row) => this.awayJob(row.username, timeOf(row.last_seen_at)!)),
    );
    for (const row of fresh) this.queuedHere.set(row.username, timeOf(row.last_seen_at));
    return fresh.length;
  }

  private async queueAway(username: string, lastSeen: number): Promise<void> {
    if (!this.deps.jobs) return;
    const { data, options } = this.awayJob(username, lastSeen);
    await this.deps.jobs.schedule(QUEUES.availabilityAway, data, options);
    this.queuedHere.set(username, lastSeen);
  }

  /** The Away job for a person last seen then: one id for that moment, due at the end of the idle time. */
  private awayJob(username: string, lastSeen: number) {
    return {
      data: { username, lastSeenAt: new Date(lastSeen).toISOString() } satisfies AwayJob,
      options: {
        id: awayJobId(username, lastSeen),
        startAfter: new Date(lastSeen + this.awayAfterMs + AWAY_JOB_MARGIN_MS),
      },
    };
  }

  /** The people holding streams on this instance are seen now (one statement). */
  async touch(usernames: readonly string[]): Promise<void> {
    await this.deps.repository.seen(usernames, new Date(this.deps.clock()));
  }

  /**
   * At the end of the idle time after a person's last stream closed: tells every browser they went
   * Away, if nothing happened since. Early (a clock behind the database's), it fails and the queue
   * tries again a little later.
   */
  async runAwayJob(job: AwayJob): Promise<void> {
    const row = await this.deps.repository.one(job.username);
    if (!row || timeOf(row.last_seen_at) !== Date.parse(job.lastSeenAt)) return;
    const stored = storedOf(row);
    if (stored.chosen === 'away') return;
    if (!effectiveAvailability(stored, this.deps.clock(), this.awayAfterMs).auto)
      throw new Error('the idle time has not passed yet');
    await this.tell({ username: job.username, status: 'away', auto: true });
  }

  private async tell(event: { username: string; status: AvailabilityStatus; auto: boolean }): Promise<void> {
    await this.deps.bus.publish([{ event: { type: 'availability.changed', ...event } }]);
  }

  private entryOf(
    user: User,
    row: AvailabilityRow | undefined,
    openThreads: number,
    now: number,
  ): TeammateAvailability {
    const stored = storedOf(row);
    const effective = effectiveAvailability(stored, now, this.awayAfterMs);
    return {
      username: user.username,
      name: user.displayName,
      role: user.role,
      status: effective.status,
      chosen: stored.chosen,
      auto: effective.auto,
      since: isoOf(effective.since),
      lastSeenAt: isoOf(stored.lastSeenAt),
      openThreads,
    };
  }
}

const isoOf = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** One Away job per person and moment last seen, whichever instance queues it. */
export const awayJobId = (username: string, lastSeen: number): string =>
  nameBasedUuid(`availability-away/${username}/${String(lastSeen)}`);
