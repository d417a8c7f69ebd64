import { sql, type Kysely } from 'kysely';
import type { BulkArgs, BulkRun, BulkState, BulkTarget } from '../../contract';
import type { Database } from '../store/schema';
import { storableText } from '../store/storable-text';

// The bulk_runs and bulk_items tables (migration 0026). A run's counts are read from its items, so
// they are exact whichever instance did the work; an item is finished once (only while pending),
// so a slice run twice counts it once.

export interface NewRun {
  readonly id: string;
  readonly target: BulkTarget;
  readonly action: BulkRun['action'];
  readonly args: BulkArgs;
  readonly startedBy: string;
  readonly at: Date;
}

export interface NewItem {
  readonly recordId: string;
  readonly name: string | null;
}

export interface PendingItem {
  readonly seq: number;
  readonly recordId: string;
  /** An earlier slice began its write and did not record how it ended: look before writing again. */
  readonly attempted: boolean;
}

export type ItemOutcome = { readonly state: 'done' } | { readonly state: 'refused'; readonly reason: string };

/** Items inserted per statement (6 parameters each, far under PostgreSQL's limit). */
const INSERT_CHUNK = 1_000;
/** The runs a person's list shows. */
const RECENT = 20;

type RunRow = Database['bulk_runs'] extends infer T ? { [K in keyof T]: unknown } : never;

export class BulkRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** The run and its items (in order), in one transaction: a run is never seen half made. */
  async create(run: NewRun, items: readonly NewItem[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('bulk_runs')
        .values({
          id: run.id,
          target: run.target,
          action: run.action,
          args: JSON.stringify(run.args),
          state: 'queued',
          reason: null,
          started_by: run.startedBy,
          total: items.length,
          created_at: run.at,
          updated_at: run.at,
        })
        .execute();
      for (let start = 0; start < items.length; start += INSERT_CHUNK)
        await tx
          .insertInto('bulk_items')
          .values(
            items.slice(start, start + INSERT_CHUNK).map((item, i) => ({
              run_id: run.id,
              seq: start + i + 1,
              record_id: item.recordId,
              // Names come from the upstream's records: U+0000 and lone surrogates do not store.
              name: item.name === null ? null : storableText(item.name.slice(0, 300)),
            })),
          )
          .execute();
    });
  }

  async get(id: string): Promise<BulkRun | null> {
    const row = await this.db.selectFrom('bulk_runs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    return runOf(row, await this.counts([id]));
  }

  /** The person's latest runs, newest first. */
  async recentOf(username: string): Promise<BulkRun[]> {
    const rows = await this.db
      .selectFrom('bulk_runs')
      .selectAll()
      .where('started_by', '=', username)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(RECENT)
      .execute();
    const counts = await this.counts(rows.map((r) => r.id));
    return rows.map((r) => runOf(r, counts));
  }

  async state(id: string): Promise<BulkState | null> {
    const row = await this.db.selectFrom('bulk_runs').select('state').where('id', '=', id).executeTakeFirst();
    return row?.state ?? null;
  }

  /** Moves the run from one of `from` to `to`; false when it was in none of them. */
  async setState(
    id: string,
    to: BulkState,
    at: Date,
    opts: { readonly from: readonly BulkState[]; readonly reason?: string | null },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('bulk_runs')
      .set({
        state: to,
        updated_at: at,
        ...(opts.reason !== undefined
          ? { reason: opts.reason === null ? null : storableText(opts.reason) }
          : {}),
      })
      .where('id', '=', id)
      .where('state', 'in', [...opts.from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Pending items after `afterSeq`, in order. */
  async pending(id: string, afterSeq: number, limit: number): Promise<PendingItem[]> {
    const rows = await this.db
      .selectFrom('bulk_items')
      .select(['seq', 'record_id', 'attempted_at'])
      .where('run_id', '=', id)
      .where('state', '=', 'pending')
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ seq: r.seq, recordId: r.record_id, attempted: r.attempted_at !== null }));
  }

  /** Written before the item's upstream write: a slice that dies after it leaves the mark. */
  async markAttempted(id: string, seq: number, at: Date): Promise<void> {
    await this.db
      .updateTable('bulk_items')
      .set({ attempted_at: at })
      .where('run_id', '=', id)
      .where('seq', '=', seq)
      .execute();
  }

  /** Records how the item ended; false when it had ended already (another slice's). */
  async finish(id: string, seq: number, outcome: ItemOutcome, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('bulk_items')
      .set({
        state: outcome.state,
        reason: outcome.state === 'refused' ? storableText(outcome.reason.slice(0, 1_000)) : null,
        finished_at: at,
      })
      .where('run_id', '=', id)
      .where('seq', '=', seq)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    await this.db.updateTable('bulk_runs').set({ updated_at: at }).where('id', '=', id).execute();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A running run without pending items is done; false when it was not so. */
  async completeIfDone(id: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('bulk_runs')
      .set({ state: 'done', reason: null, updated_at: at })
      .where('id', '=', id)
      .where('state', 'in', ['running', 'queued'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('bulk_items').select('seq').where('run_id', '=', id).where('state', '=', 'pending'),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The refused items in the order the run took them. */
  async refused(id: string): Promise<{ recordId: string; name: string | null; reason: string }[]> {
    const rows = await this.db
      .selectFrom('bulk_items')
      .select(['record_id', 'name', 'reason'])
      .where('run_id', '=', id)
      .where('state', '=', 'refused')
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({ recordId: r.record_id, name: r.name, reason: r.reason ?? 'Refused' }));
  }

  private async counts(ids: readonly string[]): Promise<Map<string, Counts>> {
    const counts = new Map<string, Counts>();
    if (ids.length === 0) return counts;
    const { rows } = await sql<{ run_id: string; done: number; refused: number }>`
      select run_id,
        count(*) filter (where state = 'done')::int as done,
        count(*) filter (where state = 'refused')::int as refused
      from bulk_items where run_id in (${sql.join([...ids])}) group by run_id`.execute(this.db);
    for (const r of rows) counts.set(r.run_id, { done: Number(r.done), refused: Number(r.refused) });
    return counts;
  }
}

interface Counts {
  readonly done: number;
  readonly refused: number;
}

const iso = (value: unknown): string => new Date(value as string | Date).toISOString();

function runOf(row: RunRow, counts: ReadonlyMap<string, Counts>): BulkRun {
  const id = row.id as string;
  const args = (typeof row.args === 'string' ? JSON.parse(row.args) : row.args) as BulkArgs;
  return {
    id,
    target: row.target as BulkTarget,
    action: row.action as BulkRun['action'],
    args,
    state: row.state as BulkState,
    total: Number(row.total),
    done: counts.get(id)?.done ?? 0,
    refused: counts.get(id)?.refused ?? 0,
    reason: (row.reason as string | null) ?? null,
    startedBy: row.started_by as string,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
