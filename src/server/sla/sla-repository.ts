import { sql, type Kysely, type Selectable } from 'kysely';
import type { BusinessCalendar } from '../../contract/rules/business-time';
import type { SlaKind, SlaPolicy, SlaReport, ThreadSla } from '../../contract/sla';
import type { Database, SlaClocksTable } from '../store/schema';

// The SLA tables (migration 0029): the one calendar row, the policies per channel, the clocks.
// Clocks are keyed by thread, kind and start, so starting one twice (two instances, an event read
// twice) inserts one; a clock is stopped or breached by an update guarded on its state, so only
// one writer ever does it.

export type SlaClockRow = Selectable<SlaClocksTable>;
export type PolicyRow = Selectable<Database['sla_policies']>;

export interface StoredSettings {
  readonly hours: BusinessCalendar | null;
  readonly updatedAt: Date | null;
  readonly updatedBy: string | null;
  readonly policies: readonly PolicyRow[];
}

export interface NewClock {
  readonly conversationId: string;
  readonly kind: SlaKind;
  readonly startedAt: Date;
  readonly dueAt: Date;
  readonly atRiskAt: Date;
  readonly targetMinutes: number;
  readonly businessHours: boolean;
  readonly channelId: string | null;
  readonly owner: string | null;
}

/** A running clock as screens carry it (from a row, or its columns as JSON: times as text). */
export const threadSlaOf = (
  row: Pick<
    SlaClockRow,
    'kind' | 'started_at' | 'due_at' | 'at_risk_at' | 'business_hours' | 'target_minutes'
  >,
): ThreadSla => ({
  kind: row.kind,
  startedAt: new Date(row.started_at).toISOString(),
  dueAt: new Date(row.due_at).toISOString(),
  atRiskAt: new Date(row.at_risk_at).toISOString(),
  businessHours: row.business_hours,
  targetMinutes: row.target_minutes,
});

interface Counted {
  key: string;
  met: number;
  breached: number;
}

/** The report before names are put on channels and owners. */
export interface CountedReport {
  byChannel: Counted[];
  byAgent: Counted[];
  byWeek: SlaReport['byWeek'];
  breached: SlaReport['breached'];
}

export class SlaRepository {
  constructor(readonly db: Kysely<Database>) {}

  async settings(): Promise<StoredSettings> {
    const [row, policies] = await Promise.all([
      this.db.selectFrom('sla_settings').selectAll().where('id', '=', 1).executeTakeFirst(),
      this.db.selectFrom('sla_policies').selectAll().orderBy('channel_id').execute(),
    ]);
    return {
      hours: row?.hours ?? null,
      updatedAt: row?.updated_at ?? null,
      updatedBy: row?.updated_by ?? null,
      policies,
    };
  }

  /** Replaces the calendar and every policy in one transaction; a kept channel keeps its `since`. */
  async save(hours: BusinessCalendar, policies: readonly SlaPolicy[], by: string, at: Date): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const json = JSON.stringify(hours);
      await tx
        .insertInto('sla_settings')
        .values({ id: 1, hours: json, updated_at: at, updated_by: by })
        .onConflict((oc) => oc.column('id').doUpdateSet({ hours: json, updated_at: at, updated_by: by }))
        .execute();
      const kept = policies.map((p) => p.channelId);
      let gone = tx.deleteFrom('sla_policies');
      if (kept.length > 0) gone = gone.where('channel_id', 'not in', kept);
      await gone.execute();
      if (policies.length === 0) return;
      await tx
        .insertInto('sla_policies')
        .values(
          policies.map((p) => ({
            channel_id: p.channelId,
            first_response_minutes: p.firstResponseMinutes ?? null,
            next_response_minutes: p.nextResponseMinutes ?? null,
            resolution_minutes: p.resolutionMinutes ?? null,
            business_hours: p.businessHours,
            since: at,
          })),
        )
        .onConflict((oc) =>
          oc.column('channel_id').doUpdateSet((eb) => ({
            first_response_minutes: eb.ref('excluded.first_response_minutes'),
            next_response_minutes: eb.ref('excluded.next_response_minutes'),
            resolution_minutes: eb.ref('excluded.resolution_minutes'),
            business_hours: eb.ref('excluded.business_hours'),
          })),
        )
        .execute();
    });
  }

  /** A thread's running clock due soonest, as the thread screen shows it. */
  async runningOf(conversationId: string): Promise<ThreadSla | null> {
    const row = await this.db
      .selectFrom('sla_clocks')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .where('stopped_at', 'is', null)
      .orderBy('due_at')
      .limit(1)
      .executeTakeFirst();
    return row ? threadSlaOf(row) : null;
  }

  /** A thread's running clocks, and when its last resolution ended. */
  async clocksOf(conversationId: string): Promise<{ running: SlaClockRow[]; lastResolvedAt: number | null }> {
    const [running, resolved] = await Promise.all([
      this.db
        .selectFrom('sla_clocks')
        .selectAll()
        .where('conversation_id', '=', conversationId)
        .where('stopped_at', 'is', null)
        .orderBy('due_at')
        .execute(),
      this.db
        .selectFrom('sla_clocks')
        .select((eb) => eb.fn.max('stopped_at').as('at'))
        .where('conversation_id', '=', conversationId)
        .where('kind', '=', 'resolution')
        .executeTakeFirst(),
    ]);
    return { running, lastResolvedAt: resolved?.at ? new Date(resolved.at).getTime() : null };
  }

  /** Starts clocks; one already held (same thread, kind and start) is left as it is. Answers those started. */
  async start(clocks: readonly NewClock[]): Promise<SlaClockRow[]> {
    if (clocks.length === 0) return [];
    return this.db
      .insertInto('sla_clocks')
      .values(
        clocks.map((c) => ({
          conversation_id: c.conversationId,
          kind: c.kind,
          started_at: c.startedAt,
          due_at: c.dueAt,
          at_risk_at: c.atRiskAt,
          target_minutes: c.targetMinutes,
          business_hours: c.businessHours,
          channel_id: c.channelId,
          owner: c.owner,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .execute();
  }

  /** Stops a running clock at `at`: met when by its due instant and not breached. */
  async stop(clock: SlaClockRow, at: Date, answered: boolean): Promise<boolean> {
    // A reply in time that is learnt after the breach job ran still counts as met.
    const met = answered && at.getTime() <= new Date(clock.due_at).getTime();
    const result = await this.db
      .updateTable('sla_clocks')
      .set({ stopped_at: at, ...(met ? { met_at: at, breached_at: null } : {}) })
      .where('conversation_id', '=', clock.conversation_id)
      .where('kind', '=', clock.kind)
      .where('started_at', '=', clock.started_at)
      .where('stopped_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A thread's owner and channel now, on its running clocks (who a breach tells, whom a report counts). */
  async follow(conversationId: string, owner: string | null, channelId: string | null): Promise<void> {
    await this.db
      .updateTable('sla_clocks')
      .set({ owner, channel_id: channelId })
      .where('conversation_id', '=', conversationId)
      .where('stopped_at', 'is', null)
      .where((eb) =>
        eb.or([eb('owner', 'is distinct from', owner), eb('channel_id', 'is distinct from', channelId)]),
      )
      .execute();
  }

  /** Marks a running, unbreached clock breached at its due instant, once due; answers it when this call did. */
  async breach(
    conversationId: string,
    kind: SlaKind,
    startedAt: Date,
    now: Date,
  ): Promise<SlaClockRow | null> {
    const row = await this.db
      .updateTable('sla_clocks')
      .set({ breached_at: sql<Date>`due_at` })
      .where('conversation_id', '=', conversationId)
      .where('kind', '=', kind)
      .where('started_at', '=', startedAt)
      .where('stopped_at', 'is', null)
      .where('breached_at', 'is', null)
      .where('due_at', '<=', now)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  async one(conversationId: string, kind: SlaKind, startedAt: Date): Promise<SlaClockRow | undefined> {
    return this.db
      .selectFrom('sla_clocks')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .where('kind', '=', kind)
      .where('started_at', '=', startedAt)
      .executeTakeFirst();
  }

  /** Met and breached clocks that ended in [from, to), grouped three ways, and the breaches listed. */
  async report(from: Date, to: Date, maxListed: number): Promise<CountedReport> {
    const ended = sql`(select coalesce(s.met_at, s.breached_at) as at, s.met_at is not null as met,
        coalesce(s.channel_id, '') as channel, coalesce(s.owner, '') as owner
      from sla_clocks s
      where (s.met_at >= ${from} and s.met_at < ${to}) or (s.breached_at >= ${from} and s.breached_at < ${to}))`;
    const grouped = (key: ReturnType<typeof sql>) =>
      sql<Counted>`
        select ${key} as key, count(*) filter (where e.met)::int as met,
          count(*) filter (where not e.met)::int as breached
        from ${ended} e group by 1 order by 1`.execute(this.db);
    const [channel, agent, week, listed] = await Promise.all([
      grouped(sql`e.channel`),
      grouped(sql`e.owner`),
      grouped(sql`to_char(date_trunc('week', e.at at time zone 'UTC'), 'YYYY-MM-DD')`),
      this.db
        .selectFrom('sla_clocks')
        .select(['conversation_id', 'kind', 'channel_id', 'owner', 'due_at', 'breached_at'])
        .where('breached_at', '>=', from)
        .where('breached_at', '<', to)
        .orderBy('breached_at', 'desc')
        .limit(maxListed)
        .execute(),
    ]);
    return {
      byChannel: channel.rows,
      byAgent: agent.rows,
      byWeek: week.rows.map((r) => ({ ...r, label: `Week of ${r.key}` })),
      breached: listed.map((r) => ({
        conversationId: r.conversation_id,
        kind: r.kind,
        channelId: r.channel_id,
        owner: r.owner,
        dueAt: new Date(r.due_at).toISOString(),
        breachedAt: new Date(r.breached_at!).toISOString(),
      })),
    };
  }
}
