import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { addBusinessTime, alwaysOpen, type BusinessCalendar } from '../../contract/rules/business-time';
import {
  AT_RISK_SHARE,
  DEFAULT_BUSINESS_HOURS,
  type SlaKind,
  type SlaSettings,
  type SlaSettingsBody,
  type ThreadSla,
} from '../../contract/sla';
import type { User } from '../auth/users';
import type { EventBus } from '../events/bus';
import { QUEUES, type JobQueue } from '../jobs/job-queue';
import { nameBasedUuid } from '../jobs/slice-chain';
import type { Database } from '../store/schema';
import { endOf, wantedClocks, type ThreadFacts } from './sla-clock-rules';
import {
  threadSlaOf,
  type NewClock,
  type PolicyRow,
  type SlaClockRow,
  type SlaRepository,
  type StoredSettings,
} from './sla-repository';

// SLA clocks (issue 39.3): each open thread's running targets, worked out from the workspace tables
// whenever the thread or its messages change (sla-follower.ts calls `refresh`, on the instance
// holding the sync's lease), kept in sla_clocks so screens read a due instant by index. A started
// clock queues a job due at its due instant, its id derived from the thread, kind and start, so
// instances queuing it queue one; the job marks the clock breached only if it still runs unbroken
// (one guarded update: one instance wins) and tells the owner's browsers, or everyone's when the
// thread has no owner.

export interface SlaServiceDeps {
  readonly repository: SlaRepository;
  readonly db: Kysely<Database>;
  /** Null without the queue: breaches are still shown (the chip counts from the due instant), not told. */
  readonly jobs: JobQueue | null;
  readonly bus: EventBus | null;
  readonly users: readonly User[];
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
}

export interface BreachJob {
  readonly conversationId: string;
  readonly kind: SlaKind;
  /** The clock's start (ISO): with the thread and kind, its key. */
  readonly startedAt: string;
}

/** A job runs this long after its due instant, so a clock a little ahead of the database's agrees. */
const BREACH_JOB_MARGIN_MS = 1_000;
/** The newest messages a thread's clocks are worked out from. */
const MESSAGES_READ = 500;
/** Settings are read again after this long (another instance may have saved). */
const SETTINGS_TTL_MS = 2_000;

const TARGET_OF: Readonly<Record<SlaKind, keyof PolicyRow>> = {
  'first-response': 'first_response_minutes',
  'next-response': 'next_response_minutes',
  resolution: 'resolution_minutes',
};

export class SlaService {
  private cached: { at: number; settings: StoredSettings } | null = null;

  constructor(private readonly deps: SlaServiceDeps) {}

  /** Works the breach jobs on this instance (every instance does; each job runs once). */
  async start(): Promise<void> {
    await this.deps.jobs?.work<BreachJob>(QUEUES.slaBreach, (job) => this.runBreachJob(job.data));
  }

  async settings(): Promise<SlaSettings> {
    const stored = await this.stored(true);
    return {
      hours: copyOf(stored.hours ?? DEFAULT_BUSINESS_HOURS),
      policies: stored.policies.map((p) => ({
        channelId: p.channel_id,
        firstResponseMinutes: p.first_response_minutes,
        nextResponseMinutes: p.next_response_minutes,
        resolutionMinutes: p.resolution_minutes,
        businessHours: p.business_hours,
      })),
      updatedAt: stored.updatedAt ? new Date(stored.updatedAt).toISOString() : null,
      updatedBy: stored.updatedBy,
    };
  }

  /** An admin's save: the calendar and every policy, whole. Running clocks keep their due instants. */
  async save(user: User, body: SlaSettingsBody): Promise<SlaSettings> {
    const hours: BusinessCalendar = {
      timeZone: body.hours.timeZone,
      week: body.hours.week,
      holidays: body.hours.holidays,
    };
    await this.deps.repository.save(hours, body.policies, user.username, new Date(this.deps.clock()));
    this.cached = null;
    return this.settings();
  }

  /** Works out a thread's clocks again from the workspace tables; tells browsers when its running one changed. */
  async refresh(conversationId: string): Promise<void> {
    const { db, repository } = this.deps;
    const [thread, messages, held, settings] = await Promise.all([
      db
        .selectFrom('ws_conversations')
        .select(['status', 'assignee', 'channel_id', 'removed_at'])
        .where('id', '=', conversationId)
        .executeTakeFirst(),
      db
        .selectFrom('ws_messages')
        .select(['direction', 'created_at'])
        .where('conversation_id', '=', conversationId)
        .orderBy('created_at', 'desc')
        .limit(MESSAGES_READ)
        .execute(),
      repository.clocksOf(conversationId),
      this.stored(false),
    ]);
    if (!thread) return;
    const now = this.deps.clock();
    const facts: ThreadFacts = {
      status: thread.removed_at === null ? thread.status : 'closed',
      messages: messages
        .map((m) => ({ direction: m.direction, at: new Date(m.created_at).getTime() }))
        .reverse(),
    };
    const before = held.running[0] ?? null;
    let changed = false;
    for (const clock of held.running) {
      const end = endOf({ kind: clock.kind, startedAt: new Date(clock.started_at).getTime() }, facts, now);
      if (end === null) continue;
      changed = (await repository.stop(clock, new Date(end.at), end.answered)) || changed;
    }
    const policy = settings.policies.find((p) => p.channel_id === thread.channel_id);
    if (policy) {
      const calendar = policy.business_hours ? (settings.hours ?? DEFAULT_BUSINESS_HOURS) : alwaysOpen();
      const kinds = new Set(
        (Object.keys(TARGET_OF) as SlaKind[]).filter((k) => policy[TARGET_OF[k]] !== null),
      );
      const wanted = wantedClocks(facts, kinds, new Date(policy.since).getTime(), held.lastResolvedAt);
      const fresh = wanted.flatMap((w): NewClock[] => {
        const minutes = policy[TARGET_OF[w.kind]] as number;
        const dueAt = addBusinessTime(w.startedAt, minutes * 60_000, calendar);
        const atRiskAt = addBusinessTime(w.startedAt, minutes * 60_000 * (1 - AT_RISK_SHARE), calendar);
        // A calendar with no open time never falls due: no clock (the settings refuse such a calendar).
        if (dueAt === null || atRiskAt === null) return [];
        return [
          {
            conversationId,
            kind: w.kind,
            startedAt: new Date(w.startedAt),
            dueAt: new Date(dueAt),
            atRiskAt: new Date(atRiskAt),
            targetMinutes: minutes,
            businessHours: policy.business_hours,
            channelId: thread.channel_id,
            owner: thread.assignee,
          },
        ];
      });
      const started = await repository.start(fresh);
      for (const row of started) await this.queueBreach(row);
      changed = changed || started.length > 0;
    }
    await repository.follow(conversationId, thread.assignee, thread.channel_id);
    if (!changed) return;
    const after = (await repository.clocksOf(conversationId)).running[0] ?? null;
    if (sameSla(before, after)) return;
    await this.deps.bus?.publish([
      { event: { type: 'sla.changed', conversationId, sla: after ? threadSlaOf(after) : null } },
    ]);
  }

  /** At a clock's due instant: breached if it still runs unbroken; its owner (or the team) is told. */
  async runBreachJob(job: BreachJob): Promise<void> {
    const { repository } = this.deps;
    const startedAt = new Date(job.startedAt);
    const row = await repository.breach(job.conversationId, job.kind, startedAt, new Date(this.deps.clock()));
    if (!row) {
      const held = await repository.one(job.conversationId, job.kind, startedAt);
      // Early (a clock behind the database's): fail, and the queue tries again a little later.
      if (held && held.stopped_at === null && held.breached_at === null)
        throw new Error('the target is not due yet');
      return;
    }
    const owner = row.owner;
    const audience = owner === null ? undefined : this.deps.users.filter((u) => u.upstreamUserId === owner);
    await this.deps.bus?.publish([
      {
        event: {
          type: 'sla.breached',
          conversationId: row.conversation_id,
          kind: row.kind,
          dueAt: new Date(row.due_at).toISOString(),
          owner,
        },
        // An owner who does not sign in here: the whole team is told instead.
        ...(audience && audience.length > 0 ? { audience: audience.map((u) => u.username) } : {}),
      },
    ]);
  }

  private async queueBreach(row: SlaClockRow): Promise<void> {
    if (!this.deps.jobs) return;
    const startedAt = new Date(row.started_at).toISOString();
    await this.deps.jobs.schedule(
      QUEUES.slaBreach,
      { conversationId: row.conversation_id, kind: row.kind, startedAt } satisfies BreachJob,
      {
        id: breachJobId(row.conversation_id, row.kind, startedAt),
        startAfter: new Date(new Date(row.due_at).getTime() + BREACH_JOB_MARGIN_MS),
      },
    );
  }

  private async stored(fresh: boolean): Promise<StoredSettings> {
    const now = Date.now();
    if (!fresh && this.cached && now - this.cached.at < SETTINGS_TTL_MS) return this.cached.settings;
    const settings = await this.deps.repository.settings();
    this.cached = { at: now, settings };
    return settings;
  }
}

/** The calendar as the answer's (mutable) shape. */
const copyOf = (hours: BusinessCalendar): SlaSettings['hours'] => ({
  timeZone: hours.timeZone,
  week: hours.week.map((day) => day.map((s) => ({ start: s.start, end: s.end }))),
  holidays: hours.holidays.map((h) => ({ date: h.date, ...(h.name ? { name: h.name } : {}) })),
});

const sameSla = (a: SlaClockRow | null, b: SlaClockRow | null): boolean => {
  if (a === null || b === null) return a === b;
  const x: ThreadSla = threadSlaOf(a);
  const y: ThreadSla = threadSlaOf(b);
  return x.kind === y.kind && x.dueAt === y.dueAt && x.startedAt === y.startedAt;
};

/** One breach job per thread, kind and start, whichever instance queues it. */
export const breachJobId = (conversationId: string, kind: SlaKind, startedAt: string): string =>
  nameBasedUuid(`sla-breach/${conversationId}/${kind}/${startedAt}`);
