import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema';

/**
 * Runs a read of the first rows of an index range in the index's order, as planned: PGlite runs no
 * autovacuum, so a table may have no statistics, and without them the planner may read a whole
 * column and sort it (seconds at 200,000 leads) to show 20 rows. Sorting, bitmap and sequential
 * scans are turned off for this one transaction, which leaves the ordered index scan. Only for
 * reads whose rows are dense in the range (no filter): a sparse filter is better served by its
 * own index and a sort of the matches, which the planner chooses.
 */
export async function inIndexOrder<T>(db: Kysely<Database>, query: RawBuilder<T>): Promise<T[]> {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true),
      set_config('enable_seqscan', 'off', true)`.execute(tx);
    return (await query.execute(tx)).rows;
  });
}
