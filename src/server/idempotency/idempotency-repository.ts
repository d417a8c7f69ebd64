import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { guarded } from '../store/store-errors';

// The idempotency keys of sends and creates (migration 0010). A key is one person's: the same
// string from two people is two keys. A record moves in-flight -> done, or in-flight -> lost (the
// answer never came: the upstream may still act for a while) or over (an answer came that says
// nothing was confirmed: a 5xx); lost and over are resolved by a lookup, then done or in-flight again.

export type KeyState = 'in-flight' | 'done' | 'lost' | 'over';

export interface IdempotencyKeysTable {
  username: string;
  key: string;
  route_id: string;
  fingerprint: string;
  state: KeyState;
  /** When the first attempt was sent: a lookup only takes records made since. */
  first_at: Date;
  /** When the current attempt was sent: a lost one may still land for the grace after. */
  attempt_at: Date;
  status: number | null;
  /** The upstream's answer as JSON text, replayed to a repeat. */
  answer: string | null;
  /** The id of the record the answer made: no other key may claim it. */
  record_id: string | null;
  expires_at: Date;
}

type Db = Kysely<Database & { idempotency_keys: IdempotencyKeysTable }>;

export interface KeyRecord {
  readonly username: string;
  readonly key: string;
  readonly routeId: string;
  readonly fingerprint: string;
  readonly state: KeyState;
  readonly firstAt: number;
  readonly attemptAt: number;
  readonly status: number | null;
  readonly answer: string | null;
}

export interface KeyName {
  readonly username: string;
  readonly key: string;
}

const toRecord = (row: IdempotencyKeysTable): KeyRecord => ({
  username: row.username,
  key: row.key,
  routeId: row.route_id,
  fingerprint: row.fingerprint,
  state: row.state,
  firstAt: new Date(row.first_at).getTime(),
  attemptAt: new Date(row.attempt_at).getTime(),
  status: row.status,
  answer: row.answer,
});

export class IdempotencyRepository {
  private readonly db: Db;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<{ idempotency_keys: IdempotencyKeysTable }>();
  }

  /** Records a new key in flight; the existing record when the key is known (and not expired). */
  async begin(
    name: KeyName,
    what: { routeId: string; fingerprint: string },
    now: number,
    lifetimeMs: number,
  ): Promise<{ fresh: true } | { fresh: false; record: KeyRecord }> {
    return guarded(async () => {
      const at = new Date(now);
      // An expired key is forgotten: the same key later is a new request.
      await this.db
        .deleteFrom('idempotency_keys')
        .where('username', '=', name.username)
        .where('key', '=', name.key)
        .where('expires_at', '<=', at)
        .execute();
      const inserted = await this.db
        .insertInto('idempotency_keys')
        .values({
          username: name.username,
          key: name.key,
          route_id: what.routeId,
          fingerprint: what.fingerprint,
          state: 'in-flight',
          first_at: at,
          attempt_at: at,
          status: null,
          answer: null,
          record_id: null,
          expires_at: new Date(now + lifetimeMs),
        })
        .onConflict((c) => c.columns(['username', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (inserted) return { fresh: true };
      const row = await this.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('username', '=', name.username)
        .where('key', '=', name.key)
        .executeTakeFirst();
      // Deleted between the two statements (expired, or a refused attempt freed it): start again.
      if (!row) return this.begin(name, what, now, lifetimeMs);
      return { fresh: false, record: toRecord(row) };
    });
  }

  /** The answer made a record (or was otherwise final): a repeat replays it. */
  async done(name: KeyName, status: number, answer: string, recordId: string | null): Promise<boolean> {
    return guarded(async () => {
      const updated = await this.db
        .updateTable('idempotency_keys')
        .set({ state: 'done', status, answer, record_id: recordId })
        .where('username', '=', name.username)
        .where('key', '=', name.key)
        .where('state', '!=', 'done')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    });
  }

  /** The attempt ended without a confirmed outcome. */
  async unresolved(name: KeyName, state: 'lost' | 'over', attemptAt: number): Promise<void> {
    await guarded(() =>
      this.db
        .updateTable('idempotency_keys')
        .set({ state })
        .where('username', '=', name.username)
        .where('key', '=', name.key)
        .where('state', '=', 'in-flight')
        .where('attempt_at', '=', new Date(attemptAt))
        .execute(),
    );
  }

  /** The upstream refused the request: nothing was made, so the key may carry a corrected request. */
  async release(name: KeyName, attemptAt: number): Promise<void> {
    await guarded(() =>
      this.db
        .deleteFrom('idempotency_keys')
        .where('username', '=', name.username)
        .where('key', '=', name.key)
        .where('state', '!=', 'done')
        .where('attempt_at', '=', new Date(attemptAt))
        .execute(),
    );
  }

  /**
   * Takes an unresolved key for a new attempt, when it is still as it was read: of two instances
   * asked at once, only one sends again.
   */
  async retake(record: KeyRecord, now: number): Promise<boolean> {
    return guarded(async () => {
      const updated = await this.db
        .updateTable('idempotency_keys')
        .set({ state: 'in-flight', attempt_at: new Date(now) })
        .where('username', '=', record.username)
        .where('key', '=', record.key)
        .where('state', '=', record.state)
        .where('attempt_at', '=', new Date(record.attemptAt))
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    });
  }

  /** Whether another key's answer is this record. */
  async claimedByOther(name: KeyName, recordId: string): Promise<boolean> {
    return guarded(async () => {
      const row = await this.db
        .selectFrom('idempotency_keys')
        .select('key')
        .where('record_id', '=', recordId)
        .where((eb) => eb.or([eb('username', '!=', name.username), eb('key', '!=', name.key)]))
        .executeTakeFirst();
      return row !== undefined;
    });
  }

  /** Forgets every expired key. */
  async purge(now: number): Promise<void> {
    await guarded(() =>
      this.db.deleteFrom('idempotency_keys').where('expires_at', '<=', new Date(now)).execute(),
    );
  }
}
