// What can go wrong with the BFF's own database, said so that a caller (or an operator reading the
// start-up log) knows what to do.

/** The database cannot serve now (down, unreachable, read-only, full, too slow): routes answer
 *  503, and whoever can do without it (the proxy, the audit writer) carries on. */
export class DatabaseUnavailableError extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super('The team database is unavailable: try again shortly', options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Start-up stops: the schema cannot be brought to what this version of the BFF expects. */
export class StoreSchemaError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreSchemaError';
  }
}

// SQLSTATE classes that mean "our query is wrong" (a bug, answered 500), not "the server cannot
// serve": syntax and access rules (42), bad data (22), constraints (23), plus Kysely's own errors.
const PROGRAMMING_CLASSES = new Set(['42', '22', '23', '2B', '0A']);

const sqlState = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};

/** True when the error says the database cannot serve (as opposed to a wrong query). */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const state = sqlState(error);
  if (state !== undefined) return !PROGRAMMING_CLASSES.has(state.slice(0, 2));
  // No SQLSTATE: the socket, the pool's connect timeout, a closed embedded database. A TypeError
  // or the like is our own bug, not the database's state.
  return error instanceof Error && !(error instanceof TypeError || error instanceof RangeError);
}

/** Says briefly why the database failed, for a log line; never the connection string. */
export function describeFailure(error: unknown): string {
  const state = sqlState(error);
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const short = message.replace(/postgres(ql)?:\/\/\S+/gi, '<database url>').slice(0, 200);
  if (state !== undefined) return `${state}: ${short}`;
  return typeof code === 'string' ? `${code}: ${short}` : short;
}

/** Runs a database call; turns "cannot serve" failures into DatabaseUnavailableError. */
export async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isUnavailable(error)) throw new DatabaseUnavailableError(describeFailure(error), { cause: error });
    throw error;
  }
}
