import { PGlite } from '@electric-sql/pglite';

const INT8_OID = 20;

/** Opens PGlite in this thread (dataDir null: in memory). int8 comes back as text, as the pg driver
 *  gives it: ids never lose digits, and both databases read alike. */
export const createPGlite = (dataDir: string | null): Promise<PGlite> =>
  PGlite.create(dataDir ?? undefined, { parsers: { [INT8_OID]: (value: string) => value } });
