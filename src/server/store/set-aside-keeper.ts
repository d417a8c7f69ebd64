import type { FastifyBaseLogger } from 'fastify';
import { storableText } from './storable-text';
import { describeFailure, isUnavailable } from './store-errors';

// What becomes of a row the database refuses for what it holds (anything but an outage): it is
// kept in the set_aside table with the reason, for an operator, so it holds back no other row
// (issue 34). Logged once per writer and kind of failure, not once per row; never the row itself in
// the log (it may hold a customer's words).

/** A row the database refused, as kept for an operator. */
export interface SetAsideRow {
  /** The writer's label ("audit", "search index"). */
  readonly writer: string;
  /** The row as JSON text (control characters and lone surrogates escaped, so always storable). */
  readonly row: string;
  /** Why the database refused it. */
  readonly error: string;
  readonly at: Date;
}

export interface SetAsideSink {
  setAside(rows: readonly SetAsideRow[]): Promise<void>;
}

export interface RefusedRow {
  readonly row: unknown;
  readonly error: unknown;
}

/** A short name for a kind of failure (its SQLSTATE, or its error's name), for logging it once. */
const kindOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : typeof error;
};

/** The row as JSON text; JSON.stringify escapes U+0000 and lone surrogates, so a text column takes it. */
const rowText = (row: unknown): string => {
  try {
    return storableText(JSON.stringify(row) ?? String(row));
  } catch {
    // A value JSON cannot write (a cycle, a bigint): at least what it is.
    return storableText(String(row));
  }
};

export class SetAsideKeeper {
  private readonly loggedKinds = new Set<string>();

  constructor(
    private readonly opts: {
      readonly label: string;
      readonly log: FastifyBaseLogger;
      /** Where refused rows are kept; absent, they are only counted and logged. */
      readonly sink?: SetAsideSink | undefined;
    },
  ) {}

  /** Keeps refused rows; says how many were kept and how many lost (setting aside failed too). */
  async keep(refused: readonly RefusedRow[]): Promise<{ kept: number; lost: number }> {
    if (refused.length === 0) return { kept: 0, lost: 0 };
    const { label, log } = this.opts;
    const at = new Date();
    const rows = refused.map(({ row, error }) => ({
      writer: label,
      row: rowText(row),
      error: storableText(describeFailure(error)),
      at,
    }));
    for (const { error } of refused) {
      const kind = kindOf(error);
      if (this.loggedKinds.has(kind)) continue;
      this.loggedKinds.add(kind);
      log.warn(
        { writer: label, reason: describeFailure(error) },
        `${label}: the database refused a row; it was set aside (set_aside table) and the rest goes on`,
      );
    }
    try {
      await this.opts.sink?.setAside(rows);
      return { kept: rows.length, lost: 0 };
    } catch (error) {
      log.warn(
        { writer: label, dropped: rows.length, reason: describeFailure(error) },
        `${label}: refused rows could not be set aside; they are lost`,
      );
      return { kept: 0, lost: rows.length };
    }
  }

  /**
   * Writes rows one at a time after their batch was refused, and keeps the ones refused again.
   * Throws when the database turns out to be unavailable: nothing is set aside then, and the
   * caller tries the whole again later.
   */
  async writeEach<T>(rows: readonly T[], insert: (rows: readonly T[]) => Promise<void>): Promise<void> {
    const refused: RefusedRow[] = [];
    for (const row of rows) {
      try {
        await insert([row]);
      } catch (error) {
        if (isUnavailable(error)) throw error;
        refused.push({ row, error });
      }
    }
    await this.keep(refused);
  }
}
