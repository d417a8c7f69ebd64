import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { CurrencySum } from '../../contract';
import type { WorkspaceDb } from '../workspace/workspace-writer';
import type { LeadFilters } from './lead-order';
import { finderCondition, searches, summaryCondition } from './lead-sql';
import { moneyOf } from './money-sums';

// The board's totals: per column (a stage key, or null for Unmatched) and currency, how many leads
// and their exact sums. Without a search they come from ws_lead_columns, which the database keeps
// with every change of ws_leads (migrations 0012, 0017) per status, currency, owner and priority:
// a read of a few rows whatever the number of leads. Under a search they are counted over the
// matches (board-search.ts).

/** Totals of one column and currency, as PostgreSQL answers them (bigint and numeric as text). */
export interface TallyRow {
  /** The stage key; null for Unmatched. */
  readonly col: string | null;
  readonly currency: string;
  readonly leads: string;
  readonly valued: string;
  readonly value_sum: string;
  readonly weighted_sum: string;
  /** The statuses behind the row (the ones of Unmatched: which to read its cards from). */
  readonly statuses: string[];
}

export interface Tally {
  total: number;
  readonly sums: CurrencySum[];
}

/** `status` among the stage keys (false when there are none). */
export const amongKeys = (keys: readonly string[]): RawBuilder<SqlBool> =>
  keys.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`status in (${sql.join([...keys])})`;

/**
 * Per status and currency: how many leads, how many with a value, and their exact sums. Without a
 * search they are the summary's; under a search they are summed the way migration 0012's triggers
 * sum them (value as its shortest decimal, weighted by the probability kept within 0 to 100), so a
 * search that matches everything gives the same figures.
 */
export function perStatus(filters: LeadFilters, matched?: RawBuilder<unknown>): RawBuilder<unknown> {
  if (!searches(filters))
    return sql`select status, currency, sum(leads) as leads, sum(valued) as valued,
        sum(value_sum) as value_sum, sum(weighted_sum) as weighted_sum
      from ws_lead_columns where leads > 0 and ${summaryCondition(filters)}
      group by status, currency`;
  const value = sql`value::text::numeric`;
  const weight = sql`least(100, greatest(0, coalesce(probability, 0)))::text::numeric * 0.01`;
  return sql`select coalesce(status, '') as status, coalesce(currency, '') as currency,
      count(*) as leads, count(value) as valued,
      coalesce(sum(${value}), 0) as value_sum, coalesce(sum(${value} * ${weight}), 0) as weighted_sum
    from ${matched ?? sql`ws_lead_finder where ${finderCondition(filters)}`}
    group by 1, 2`;
}

/** The totals per column and currency over `perStatus` rows (the statuses of Unmatched kept). */
export const tallySql = (keys: readonly string[], perStatusRows: RawBuilder<unknown>): RawBuilder<TallyRow> =>
  sql<TallyRow>`
    select case when ${amongKeys(keys)} then status end as col, currency,
      sum(leads)::text as leads, sum(valued)::text as valued,
      sum(value_sum)::text as value_sum, sum(weighted_sum)::text as weighted_sum,
      array_agg(status order by status) as statuses
    from (${perStatusRows}) per_status
    group by 1, 2`;

export interface Tallies {
  readonly byColumn: Map<string | null, Tally>;
  readonly unmatchedStatuses: string[];
}

export function talliesFrom(rows: readonly TallyRow[]): Tallies {
  const byColumn = new Map<string | null, Tally>();
  const unmatched = new Set<string>();
  for (const row of rows) {
    let tally = byColumn.get(row.col);
    if (tally === undefined) {
      tally = { total: 0, sums: [] };
      byColumn.set(row.col, tally);
    }
    tally.total += Number(row.leads);
    // As before: a currency shows once one of its leads has a value; '' is "no currency".
    if (Number(row.valued) > 0)
      tally.sums.push({
        currency: row.currency === '' ? null : row.currency,
        value: moneyOf(row.value_sum),
        weighted: moneyOf(row.weighted_sum),
      });
    if (row.col === null) for (const s of row.statuses) unmatched.add(s);
  }
  for (const tally of byColumn.values())
    tally.sums.sort((a, b) => b.value - a.value || (a.currency ?? '').localeCompare(b.currency ?? ''));
  return { byColumn, unmatchedStatuses: [...unmatched] };
}

export async function talliesOf(
  db: WorkspaceDb,
  keys: readonly string[],
  filters: LeadFilters,
): Promise<Tallies> {
  return talliesFrom((await tallySql(keys, perStatus(filters)).execute(db)).rows);
}

/** The statuses of live leads that match no stage: where Unmatched's cards are. */
export async function unmatchedStatuses(db: WorkspaceDb, keys: readonly string[]): Promise<string[]> {
  const result = await sql<{ status: string }>`
    select status from ws_lead_columns where leads > 0 and not ${amongKeys(keys)}
    group by status`.execute(db);
  return result.rows.map((r) => r.status);
}
