import type { Kysely } from 'kysely';
import type { ImportJob, ImportState, RowOutcome } from '../../contract/imports';
import type { Database } from '../store/schema';
import { toJob, toStoredRow, type NewImportJob, type NewImportRow, type StoredRow } from './import-records';

// The import jobs and their rows in the BFF's database (migration 0007). A row's outcome and the
// job's counters change in one transaction, so the counts always add up to the rows.
// `heartbeat_at` is no longer written or read: a running import is worked in slices on the job
// queue (import-runner.ts), which finds a slice whose instance died by itself. The column stays (a
// migration dropping it would buy nothing); new jobs get null.

const CHUNK = 1_000;

export class ImportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(job: NewImportJob, rows: readonly NewImportRow[]): Promise<ImportJob> {
    const refused = rows.filter((r) => r.outcome === 'refused').length;
    const skipped = rows.filter((r) => r.outcome === 'skipped').length;
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('import_jobs')
        .values({
          id: job.id,
          kind: job.kind,
          duplicates: job.duplicates,
          file_name: job.fileName,
          state: 'ready',
          total: rows.length,
          pending: rows.length - refused - skipped,
          refused,
          skipped,
          duplicates_found: job.duplicatesFound,
          paused_reason: null,
          created_by: job.createdBy,
          created_at: job.at,
          updated_at: job.at,
          heartbeat_at: null,
        })
        .execute();
      for (let i = 0; i < rows.length; i += CHUNK) {
        await tx
          .insertInto('import_rows')
          .values(
            rows.slice(i, i + CHUNK).map((r) => ({
              job_id: job.id,
              row_number: r.rowNumber,
              cells: JSON.stringify(r.cells),
              outcome: r.outcome,
              reason: r.reason,
              record_id: null,
            })),
          )
          .execute();
      }
    });
    return (await this.get(job.id))!;
  }

  async get(id: string): Promise<ImportJob | undefined> {
    const row = await this.db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toJob(row) : undefined;
  }

  async recent(limit: number): Promise<ImportJob[]> {
    const rows = await this.db
      .selectFrom('import_jobs')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toJob);
  }

  /** Sets a ready or paused job running (a start or a resume); false for any other state. */
  async begin(id: string, at: Date): Promise<boolean> {
    const begun = await this.db
      .updateTable('import_jobs')
      .set({ state: 'running', paused_reason: null, updated_at: at })
      .where('id', '=', id)
      .where('state', 'in', ['ready', 'paused'])
      .returning('id')
      .executeTakeFirst();
    return begun !== undefined;
  }

  async state(id: string): Promise<ImportState | undefined> {
    const row = await this.db
      .selectFrom('import_jobs')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.state as ImportState | undefined;
  }

  /** Moves the job on; `from` guards against overwriting a state another caller set. */
  async setState(
    id: string,
    to: ImportState,
    at: Date,
    opts: { from?: readonly ImportState[]; reason?: string | null } = {},
  ): Promise<boolean> {
    let query = this.db
      .updateTable('import_jobs')
      .set({ state: to, updated_at: at, paused_reason: opts.reason ?? null })
      .where('id', '=', id);
    if (opts.from) query = query.where('state', 'in', [...opts.from]);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async pendingRows(jobId: string, afterRow: number, limit: number): Promise<StoredRow[]> {
    const rows = await this.db
      .selectFrom('import_rows')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('outcome', '=', 'pending')
      .where('row_number', '>', afterRow)
      .orderBy('row_number')
      .limit(limit)
      .execute();
    return rows.map(toStoredRow);
  }

  /** Every row in order (optionally of one outcome), read a page at a time for the report. */
  async *rows(jobId: string, outcome?: RowOutcome): AsyncGenerator<StoredRow> {
    let after = 0;
    for (;;) {
      let query = this.db
        .selectFrom('import_rows')
        .selectAll()
        .where('job_id', '=', jobId)
        .where('row_number', '>', after);
      if (outcome) query = query.where('outcome', '=', outcome);
      const page = await query.orderBy('row_number').limit(CHUNK).execute();
      for (const row of page) yield toStoredRow(row);
      if (page.length < CHUNK) return;
      after = page.at(-1)!.row_number;
    }
  }

  /** Says a send for the row may have gone out: a resume checks for its record before sending again. */
  async markAttempted(jobId: string, rowNumber: number): Promise<void> {
    await this.db
      .updateTable('import_rows')
      .set({ attempted: true })
      .where('job_id', '=', jobId)
      .where('row_number', '=', rowNumber)
      .execute();
  }

  /** The row's outcome and the job's counters, together. */
  async finishRow(
    jobId: string,
    rowNumber: number,
    done: { outcome: Exclude<RowOutcome, 'pending'>; reason: string | null; recordId: string | null },
    at: Date,
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const changed = await tx
        .updateTable('import_rows')
        .set({ outcome: done.outcome, reason: done.reason, record_id: done.recordId })
        .where('job_id', '=', jobId)
        .where('row_number', '=', rowNumber)
        .where('outcome', '=', 'pending')
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return;
      await tx
        .updateTable('import_jobs')
        .set((eb) => ({
          pending: eb('pending', '-', 1),
          [done.outcome]: eb(done.outcome, '+', 1),
          updated_at: at,
        }))
        .where('id', '=', jobId)
        .execute();
    });
  }

  /** Finishes a job whose rows are all done (never one that was cancelled meanwhile). */
  async completeIfDone(jobId: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('import_jobs')
      .set({ state: 'done', updated_at: at, paused_reason: null })
      .where('id', '=', jobId)
      .where('state', '=', 'running')
      .where('pending', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
