import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const INT8_OID = 20;

/** Opens PGlite in this thread (dataDir null: in memory). int8 comes back as text, as the pg driver
 *  gives it: ids never lose digits, and both databases read alike. pg_trgm indexes the workspace's
 *  record search (migration 0011), as on a PostgreSQL server. */
export const createPGlite = (dataDir: string | null, loadDataDir?: Blob): Promise<PGlite> =>
  PGlite.create(dataDir ?? undefined, {
    parsers: { [INT8_OID]: (value: string) => value },
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
