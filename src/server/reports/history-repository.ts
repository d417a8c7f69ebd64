import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { storableText } from '../store/storable-text';
import { guarded } from '../store/store-errors';

// The history tables (migration 0006): written by the recorder, read by the reports. Every call
// fails with DatabaseUnavailableError when the database cannot serve.

export type HistoryEntry =
  | {
      readonly kind: 'message';
      readonly messageId: string;
      readonly conversationId: string;
      readonly channelId: string | null;
      readonly assignee: string | null;
      readonly direction: 'inbound' | 'outbound';
      readonly at: string;
    }
  | {
      readonly kind: 'resolution';
      readonly conversationId: string;
      readonly channelId: string | null;
      readonly assignee: string | null;
      readonly openedAt: string;
      readonly resolvedAt: string;
    }
  | {
      readonly kind: 'move';
      readonly leadId: string;
      readonly fromStage: string | null;
      readonly toStage: string;
      readonly value: number | null;
      readonly currency: string | null;
      readonly at: string;
    };

type Of<K extends HistoryEntry['kind']> = Extract<HistoryEntry, { kind: K }>;

export interface Range {
  readonly from: Date;
  /** Exclusive. */
  readonly to: Date;
  readonly channelId?: string | undefined;
}

export interface Durations {
  readonly count: number;
  /** Seconds; null when there is nothing to measure. */
  readonly median: number | null;
  readonly p90: number | null;
}

export interface InboxHistory {
  readonly firstResponse: Durations & { readonly unanswered: number };
  readonly resolution: Durations;
  readonly byDay: { day: string; inbound: number; outbound: number }[];
  readonly byChannel: { channelId: string | null; inbound: number; outbound: number }[];
  readonly byAgent: {
    assignee: string | null;
    threads: number;
    replies: number;
    medianFirstResponse: number | null;
    resolved: number;
  }[];
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export class HistoryRepository {
  constructor(readonly db: Kysely<Database>) {}

  /**
   * One transaction: a batch is all written or not at all, so writing it again (row by row, after
   * the database refused one of its rows) records no resolution or move twice. Upstream text is
   * made storable first (issue 34).
   */
  async insert(entries: readonly HistoryEntry[]): Promise<void> {
    const pick = <K extends HistoryEntry['kind']>(kind: K) =>
      entries.filter((e): e is Of<K> => e.kind === kind);
    const messages = [...new Map(pick('message').map((m) => [m.messageId, m])).values()];
    const resolutions = pick('resolution');
    const moves = pick('move');
    if (messages.length + resolutions.length + moves.length === 0) return;
    const text = storableText;
    await guarded(() =>
      this.db.transaction().execute(async (tx) => {
        if (messages.length > 0)
          await sql`insert into history_messages (message_id, conversation_id, channel_id, assignee, direction, created_at)
            select * from unnest(
              ${messages.map((m) => text(m.messageId))}::text[], ${messages.map((m) => text(m.conversationId))}::text[],
              ${messages.map((m) => text(m.channelId))}::text[], ${messages.map((m) => text(m.assignee))}::text[],
              ${messages.map((m) => text(m.direction))}::text[], ${messages.map((m) => m.at)}::timestamptz[])
            on conflict (message_id) do nothing`.execute(tx);
        if (resolutions.length > 0)
          await tx
            .insertInto('history_resolutions')
            .values(
              resolutions.map((r) => ({
                conversation_id: text(r.conversationId),
                channel_id: text(r.channelId),
                assignee: text(r.assignee),
                opened_at: r.openedAt,
                resolved_at: r.resolvedAt,
              })),
            )
            .execute();
        if (moves.length > 0)
          await tx
            .insertInto('history_lead_moves')
            .values(
              moves.map((m) => ({
                lead_id: text(m.leadId),
                from_stage: text(m.fromStage),
                to_stage: text(m.toStage),
                value: m.value,
                currency: text(m.currency),
                at: m.at,
              })),
            )
            .execute();
      }),
    );
  }

  /** When recording began: reports say so. */
  async since(): Promise<string | null> {
    const row = await guarded(() =>
      this.db.selectFrom('history_meta').select('value').where('key', '=', 'started_at').executeTakeFirst(),
    );
    return row?.value ?? null;
  }

  async inbox(range: Range): Promise<InboxHistory> {
    const { from, to } = range;
    const channel = range.channelId ?? null;
    const inRange = sql`created_at >= ${from} and created_at < ${to} and (${channel}::text is null or channel_id = ${channel})`;
    return guarded(async () => {
      // A thread's first inbound message in the range, and the first reply after it: credited to
      // the teammate who sent that reply when the BFF knows (issue 36.1), else the thread's owner.
      const responses = sql`
        select f.conversation_id, coalesce(a.user_id, f.assignee) as assignee, f.first_in, o.created_at as first_out
        from (
          select conversation_id, min(created_at) as first_in,
            (array_agg(assignee order by created_at desc))[1] as assignee
          from history_messages where direction = 'inbound' and ${inRange}
          group by conversation_id
        ) f
        left join lateral (
          select m.message_id, m.created_at from history_messages m
          where m.conversation_id = f.conversation_id and m.direction = 'outbound' and m.created_at > f.first_in
          order by m.created_at limit 1
        ) o on true
        left join message_authors a on a.message_id = o.message_id`;
      const first = await sql<{ count: string; unanswered: string; median: unknown; p90: unknown }>`
        select count(*) filter (where first_out is not null) as count,
          count(*) filter (where first_out is null) as unanswered,
          percentile_cont(0.5) within group (order by extract(epoch from first_out - first_in)) as median,
          percentile_cont(0.9) within group (order by extract(epoch from first_out - first_in)) as p90
        from (${responses}) r`.execute(this.db);
      const resolution = await sql<{ count: string; median: unknown; p90: unknown }>`
        select count(*) as count,
          percentile_cont(0.5) within group (order by extract(epoch from resolved_at - opened_at)) as median,
          percentile_cont(0.9) within group (order by extract(epoch from resolved_at - opened_at)) as p90
        from history_resolutions
        where resolved_at >= ${from} and resolved_at < ${to} and (${channel}::text is null or channel_id = ${channel})`.execute(
        this.db,
      );
      const byDay = await sql<{ day: string; inbound: string; outbound: string }>`
        select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
          count(*) filter (where direction = 'inbound') as inbound,
          count(*) filter (where direction = 'outbound') as outbound
        from history_messages where ${inRange} group by 1 order by 1`.execute(this.db);
      const byChannel = await sql<{ channel_id: string | null; inbound: string; outbound: string }>`
        select channel_id,
          count(*) filter (where direction = 'inbound') as inbound,
          count(*) filter (where direction = 'outbound') as outbound
        from history_messages where ${inRange} group by 1 order by 2 desc`.execute(this.db);
      const byAgent = await sql<{
        assignee: string | null;
        threads: string;
        replies: string;
        median: unknown;
        resolved: string;
      }>`
        with r as (${responses}),
        replies as (
          select coalesce(a.user_id, h.assignee) as assignee, count(*) as replies,
            count(distinct h.conversation_id) as threads
          from history_messages h left join message_authors a on a.message_id = h.message_id
          where h.direction = 'outbound' and ${inRange} group by 1
        ),
        resolved as (
          select assignee, count(*) as resolved from history_resolutions
          where resolved_at >= ${from} and resolved_at < ${to} and (${channel}::text is null or channel_id = ${channel})
          group by assignee
        ),
        firsts as (
          select assignee, percentile_cont(0.5) within group (order by extract(epoch from first_out - first_in)) as median
          from r where first_out is not null group by assignee
        ),
        people as (select assignee from replies union select assignee from resolved union select assignee from firsts)
        select p.assignee, coalesce(rp.threads, 0) as threads, coalesce(rp.replies, 0) as replies,
          f.median, coalesce(rs.resolved, 0) as resolved
        from people p
        left join replies rp on rp.assignee is not distinct from p.assignee
        left join resolved rs on rs.assignee is not distinct from p.assignee
        left join firsts f on f.assignee is not distinct from p.assignee
        order by replies desc`.execute(this.db);
      const f = first.rows[0]!;
      const res = resolution.rows[0]!;
      return {
        firstResponse: {
          count: Number(f.count),
          unanswered: Number(f.unanswered),
          median: num(f.median),
          p90: num(f.p90),
        },
        resolution: { count: Number(res.count), median: num(res.median), p90: num(res.p90) },
        byDay: byDay.rows.map((r) => ({
          day: r.day,
          inbound: Number(r.inbound),
          outbound: Number(r.outbound),
        })),
        byChannel: byChannel.rows.map((r) => ({
          channelId: r.channel_id,
          inbound: Number(r.inbound),
          outbound: Number(r.outbound),
        })),
        byAgent: byAgent.rows.map((r) => ({
          assignee: r.assignee,
          threads: Number(r.threads),
          replies: Number(r.replies),
          medianFirstResponse: num(r.median),
          resolved: Number(r.resolved),
        })),
      };
    });
  }
}
