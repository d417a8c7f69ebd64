import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { guarded } from '../store/store-errors';
import type { Range } from './history-repository';

// The pipeline from the recorded stage moves (history_lead_moves): which stages leads reached,
// how long they stayed in each, and what was won and lost each week. Won and lost are the stages
// flagged so (passed in by key from the workspace's stage list), never guessed from names.

export interface PipelineHistory {
  /** Distinct leads that entered each stage in the range. */
  readonly reached: { stage: string; leads: number }[];
  /** Time spent in a stage by leads that left it in the range (seconds). */
  readonly timeInStage: { stage: string; left: number; median: number | null; p90: number | null }[];
  /** Deals moved into a won or lost stage, by ISO week (its Monday) and currency. */
  readonly weekly: {
    week: string;
    outcome: 'won' | 'lost';
    currency: string | null;
    deals: number;
    value: number;
  }[];
}

export async function pipelineHistory(
  db: Kysely<Database>,
  range: Range,
  outcomes: { readonly won: readonly string[]; readonly lost: readonly string[] },
): Promise<PipelineHistory> {
  const { from, to } = range;
  return guarded(async () => {
    const reached = await sql<{ stage: string; leads: string }>`
      select to_stage as stage, count(distinct lead_id) as leads from history_lead_moves
      where at >= ${from} and at < ${to} group by to_stage`.execute(db);
    const stays = await sql<{ stage: string; left: string; median: unknown; p90: unknown }>`
      select stage, count(*) as left,
        percentile_cont(0.5) within group (order by extract(epoch from left_at - entered_at)) as median,
        percentile_cont(0.9) within group (order by extract(epoch from left_at - entered_at)) as p90
      from (
        select to_stage as stage, at as entered_at, lead(at) over (partition by lead_id order by at, id) as left_at
        from history_lead_moves
      ) s
      where left_at is not null and left_at >= ${from} and left_at < ${to}
      group by stage`.execute(db);
    const weekly = await sql<{
      week: string;
      outcome: 'won' | 'lost';
      currency: string | null;
      deals: string;
      value: unknown;
    }>`
      select to_char(date_trunc('week', at at time zone 'UTC'), 'YYYY-MM-DD') as week,
        case when to_stage = any(${[...outcomes.won]}::text[]) then 'won' else 'lost' end as outcome,
        currency, count(*) as deals, coalesce(sum(value), 0) as value
      from history_lead_moves
      where at >= ${from} and at < ${to}
        and (to_stage = any(${[...outcomes.won]}::text[]) or to_stage = any(${[...outcomes.lost]}::text[]))
      group by 1, 2, 3 order by 1, 2, 3`.execute(db);
    const seconds = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return {
      reached: reached.rows.map((r) => ({ stage: r.stage, leads: Number(r.leads) })),
      timeInStage: stays.rows.map((r) => ({
        stage: r.stage,
        left: Number(r.left),
        median: seconds(r.median),
        p90: seconds(r.p90),
      })),
      weekly: weekly.rows.map((r) => ({
        week: r.week,
        outcome: r.outcome,
        currency: r.currency,
        deals: Number(r.deals),
        value: Number(r.value),
      })),
    };
  });
}
