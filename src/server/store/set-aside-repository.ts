import type { Kysely } from 'kysely';
import type { SetAsideRow, SetAsideSink } from './set-aside-keeper';
import type { Database } from './schema';
import { guarded } from './store-errors';

// The set_aside table (migration 0009): rows a batch writer could not store, each with its
// writer's label and the database's reason. Written by the writers, read by an operator (and
// tests). Every call fails with DatabaseUnavailableError when the database cannot serve.

export class SetAsideRepository implements SetAsideSink {
  constructor(private readonly db: Kysely<Database>) {}

  async setAside(rows: readonly SetAsideRow[]): Promise<void> {
    if (rows.length === 0) return;
    await guarded(() =>
      this.db
        .insertInto('set_aside')
        .values(rows.map((r) => ({ writer: r.writer, row_json: r.row, error: r.error, at: r.at })))
        .execute(),
    );
  }

  /** What a writer set aside, oldest first. */
  async list(writer: string): Promise<SetAsideRow[]> {
    const rows = await guarded(() =>
      this.db.selectFrom('set_aside').selectAll().where('writer', '=', writer).orderBy('id').execute(),
    );
    return rows.map((r) => ({ writer: r.writer, row: r.row_json, error: r.error, at: r.at }));
  }
}
