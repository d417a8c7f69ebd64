import type { Kysely, Selectable } from 'kysely';
import type { Reminder, ReminderState, ReminderTarget } from '../../contract';
import type { Database, RemindersTable } from '../store/schema';

// The reminders table (migration 0025). Every read and change names the owner, so one person's
// reminder is out of another's reach by construction (the routes answer 404). State changes are
// conditional updates: the row, not the caller's memory, says what may happen next, so two
// instances (or a person and the job) cannot both move a reminder the same way.

export type ReminderRow = Selectable<RemindersTable>;

/** The states a person may still act on (move, mark done, cancel). */
const OPEN: readonly ReminderState[] = ['pending', 'due'];
/** The most reminders one list answers: a person's own list, soonest first. */
const LIST_MAX = 500;

export interface NewReminder {
  readonly id: string;
  readonly username: string;
  readonly target: ReminderTarget;
  readonly label: string;
  readonly note: string | null;
  readonly dueAt: Date;
  readonly createdAt: Date;
  readonly jobId: string;
}

export class ReminderRepository {
  constructor(readonly db: Kysely<Database>) {}

  async insert(r: NewReminder): Promise<ReminderRow> {
    return this.db
      .insertInto('reminders')
      .values({
        id: r.id,
        username: r.username,
        target_kind: r.target.kind,
        target_id: r.target.id,
        label: r.label,
        note: r.note,
        due_at: r.dueAt,
        state: 'pending',
        created_at: r.createdAt,
        fired_at: null,
        notifying_at: null,
        notified_at: null,
        job_id: r.jobId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The owner's reminder, or undefined (someone else's is as good as absent). */
  async mine(username: string, id: string): Promise<ReminderRow | undefined> {
    return this.db
      .selectFrom('reminders')
      .selectAll()
      .where('id', '=', id)
      .where('username', '=', username)
      .executeTakeFirst();
  }

  /** Any reminder by id: for the job, which acts for the owner. */
  async byId(id: string): Promise<ReminderRow | undefined> {
    return this.db.selectFrom('reminders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The owner's reminders in these states, soonest first. */
  async list(username: string, states: readonly ReminderState[]): Promise<ReminderRow[]> {
    return this.db
      .selectFrom('reminders')
      .selectAll()
      .where('username', '=', username)
      .where('state', 'in', [...states])
      .orderBy('due_at')
      .orderBy('id')
      .limit(LIST_MAX)
      .execute();
  }

  /**
   * A new time (and job) for an open reminder: it is pending again, as if just set. Answers the
   * row as it was (for the job to cancel) and as it is, or null when it is not the owner's or not
   * open.
   */
  async reschedule(
    username: string,
    id: string,
    change: { readonly dueAt: Date; readonly jobId: string; readonly note?: string | null },
  ): Promise<{ before: ReminderRow; after: ReminderRow } | null> {
    return this.db.transaction().execute(async (tx) => {
      const before = await tx
        .selectFrom('reminders')
        .selectAll()
        .where('id', '=', id)
        .where('username', '=', username)
        .where('state', 'in', [...OPEN])
        .forUpdate()
        .executeTakeFirst();
      if (!before) return null;
      const after = await tx
        .updateTable('reminders')
        .set({
          due_at: change.dueAt,
          job_id: change.jobId,
          state: 'pending',
          fired_at: null,
          notifying_at: null,
          notified_at: null,
          record_gone: false,
          ...(change.note !== undefined ? { note: change.note } : {}),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { before, after };
    });
  }

  /** A new note on an open reminder of the owner's; undefined when there is none. */
  async setNote(username: string, id: string, note: string | null): Promise<ReminderRow | undefined> {
    return this.db
      .updateTable('reminders')
      .set({ note })
      .where('id', '=', id)
      .where('username', '=', username)
      .where('state', 'in', [...OPEN])
      .returningAll()
      .executeTakeFirst();
  }

  /** Closes an open reminder of the owner's (done or cancelled); undefined when none is open. */
  async close(username: string, id: string, state: 'done' | 'cancelled'): Promise<ReminderRow | undefined> {
    return this.db
      .updateTable('reminders')
      .set({ state, notifying_at: null })
      .where('id', '=', id)
      .where('username', '=', username)
      .where('state', 'in', [...OPEN])
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * The job's claim at the reminder's time: pending -> due, only for the job the row names, so a
   * moved or cancelled reminder's old job, or a second run of the same job, claims nothing.
   */
  async claim(id: string, jobId: string, at: Date, recordGone: boolean): Promise<ReminderRow | undefined> {
    return this.db
      .updateTable('reminders')
      .set({ state: 'due', fired_at: at, notifying_at: at, record_gone: recordGone })
      .where('id', '=', id)
      .where('job_id', '=', jobId)
      .where('state', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * A re-run of the job (after its instance died, or after telling failed) takes over telling the
   * person, when no run has told them and none is telling them now (`staleBefore`: a lease older
   * than this was left by a run that is gone).
   */
  async takeOverNotice(
    id: string,
    jobId: string,
    at: Date,
    staleBefore: Date,
  ): Promise<ReminderRow | undefined> {
    return this.db
      .updateTable('reminders')
      .set({ notifying_at: at })
      .where('id', '=', id)
      .where('job_id', '=', jobId)
      .where('state', '=', 'due')
      .where('notified_at', 'is', null)
      .where((eb) => eb.or([eb('notifying_at', 'is', null), eb('notifying_at', '<', staleBefore)]))
      .returningAll()
      .executeTakeFirst();
  }

  /** The person was told (or telling failed: `told` false lets a retry take over at once). */
  async noticeEnded(id: string, jobId: string, told: boolean, at: Date): Promise<void> {
    await this.db
      .updateTable('reminders')
      .set(told ? { notified_at: at, notifying_at: null } : { notifying_at: null })
      .where('id', '=', id)
      .where('job_id', '=', jobId)
      .execute();
  }

  /** Reminders past their time that no one was told of yet (for the start-up sweep), oldest first. */
  async late(now: Date, limit: number): Promise<ReminderRow[]> {
    return this.db
      .selectFrom('reminders')
      .selectAll()
      .where('due_at', '<=', now)
      .where((eb) =>
        eb.or([
          eb('state', '=', 'pending'),
          eb.and([eb('state', '=', 'due'), eb('notified_at', 'is', null)]),
        ]),
      )
      .orderBy('due_at')
      .limit(limit)
      .execute();
  }

  /** Hands a late reminder to a new job, unless something changed it meanwhile. */
  async rearm(id: string, fromJobId: string | null, toJobId: string): Promise<boolean> {
    let query = this.db
      .updateTable('reminders')
      .set({ job_id: toJobId, notifying_at: null })
      .where('id', '=', id);
    query = fromJobId === null ? query.where('job_id', 'is', null) : query.where('job_id', '=', fromJobId);
    const result = await query.executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}

/** The row as the contract shows it. */
export function reminderOf(row: ReminderRow): Reminder {
  return {
    id: row.id,
    username: row.username,
    target: { kind: row.target_kind, id: row.target_id },
    label: row.label,
    note: row.note,
    dueAt: new Date(row.due_at).toISOString(),
    state: row.state,
    createdAt: new Date(row.created_at).toISOString(),
    firedAt: row.fired_at ? new Date(row.fired_at).toISOString() : null,
    recordGone: row.record_gone,
  };
}
