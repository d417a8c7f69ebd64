import { sql, type Kysely, type Selectable } from 'kysely';
import type { AvailabilityStatus, StoredAvailability } from '../../contract/availability';
import type { AvailabilityTable, Database } from '../store/schema';

// The availability table (migration 0027) and the open threads per owner (the workspace tables).
// Every write is one upsert: a person without a row yet gets one, and `last_seen_at` only ever
// moves forward, so instances touching it in any order agree.

export type AvailabilityRow = Selectable<AvailabilityTable>;

/** Epoch ms of a row's time (the drivers answer a Date or a string); null when unset. */
export const timeOf = (value: Date | string | null | undefined): number | null =>
  value === null || value === undefined ? null : new Date(value).getTime();

/** The row as the contract's rule reads it; no row: Available, never seen. */
export const storedOf = (row: AvailabilityRow | undefined): StoredAvailability => ({
  chosen: row?.status ?? 'available',
  chosenAt: timeOf(row?.status_set_at),
  lastSeenAt: timeOf(row?.last_seen_at),
  backAt: timeOf(row?.back_at),
});

const LATEST_SEEN = sql<Date>`greatest(availability.last_seen_at, excluded.last_seen_at)`;

export class AvailabilityRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** Every row, by username (one per person who signs in: a small table). */
  async all(): Promise<Map<string, AvailabilityRow>> {
    const rows = await this.db.selectFrom('availability').selectAll().execute();
    return new Map(rows.map((row) => [row.username, row]));
  }

  async one(username: string): Promise<AvailabilityRow | undefined> {
    return this.db.selectFrom('availability').selectAll().where('username', '=', username).executeTakeFirst();
  }

  /** A person's choice; choosing is done from a tab, so they are seen then too. */
  async choose(username: string, status: AvailabilityStatus, at: Date): Promise<AvailabilityRow> {
    return this.db
      .insertInto('availability')
      .values({ username, status, status_set_at: at, last_seen_at: at, back_at: null })
      .onConflict((oc) =>
        oc.column('username').doUpdateSet({ status, status_set_at: at, last_seen_at: LATEST_SEEN }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** These people hold a stream now: one statement for all of them. */
  async seen(usernames: readonly string[], at: Date): Promise<AvailabilityRow[]> {
    if (usernames.length === 0) return [];
    return this.db
      .insertInto('availability')
      .values(usernames.map((username) => ({ username, last_seen_at: at, back_at: at })))
      .onConflict((oc) => oc.column('username').doUpdateSet({ last_seen_at: LATEST_SEEN }))
      .returningAll()
      .execute();
  }

  /**
   * A person's first stream opened on an instance. When no tab of theirs had been seen since
   * `idleBefore` (they counted as Away), `back_at` becomes `at`: the caller reads that in the row
   * answered, without a second read that another instance could race.
   */
  async arrive(username: string, at: Date, idleBefore: Date): Promise<AvailabilityRow> {
    return this.db
      .insertInto('availability')
      .values({ username, last_seen_at: at, back_at: at })
      .onConflict((oc) =>
        oc.column('username').doUpdateSet({
          last_seen_at: LATEST_SEEN,
          back_at: sql<Date>`case when availability.last_seen_at is null
            or availability.last_seen_at < ${idleBefore} then excluded.back_at
            else availability.back_at end`,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * People last seen between `after` and `before` who did not choose Away: those whose tabs no
   * instance touches any more (closed, or held by an instance that died) and not long Away yet.
   */
  async lapsed(before: Date, after: Date): Promise<AvailabilityRow[]> {
    return this.db
      .selectFrom('availability')
      .selectAll()
      .where('last_seen_at', '<', before)
      .where('last_seen_at', '>', after)
      .where('status', '!=', 'away')
      .execute();
  }

  /** Open threads per owner (upstream user id), among `owners`: one grouped query. */
  async openThreads(owners: readonly string[]): Promise<Map<string, number>> {
    if (owners.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('ws_conversations')
      .select((eb) => ['assignee', eb.fn.countAll<string>().as('open')])
      .where('status', '=', 'open')
      .where('removed_at', 'is', null)
      .where('assignee', 'in', [...owners])
      .groupBy('assignee')
      .execute();
    return new Map(rows.map((row) => [row.assignee ?? '', Number(row.open)]));
  }
}
