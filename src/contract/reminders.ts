import * as z from 'zod/mini';
import { DateTime, Id } from './common';
import { StorableDateTime, storableText } from './storable';

// Reminders (issue 38): "remind me" on a thread or a lead at a time. The BFF's own data, kept in
// its database and fired from its job queue; only the person who set one sees or changes it. At
// its time it turns `due`: that person's browsers get `reminder.due` (a toast and the notification
// area) and flag the thread's row or the lead's card until it is done, cancelled or moved.

/** The earliest and latest a reminder may be set for, from now (the same bounds as a snooze). */
export const REMINDER_MIN_MS = 60_000;
export const REMINDER_MAX_MS = 366 * 24 * 3_600_000;
/** Longest note a reminder keeps: a line to remember why, not a document. */
export const REMINDER_NOTE_MAX = 500;

export const REMINDER_KINDS = ['conversation', 'lead'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/**
 * `pending` until its time; `due` once it fired (until the person acts); `done` or `cancelled`
 * by the person. A reminder is never removed by the BFF: what happened to it stays visible.
 */
export const REMINDER_STATES = ['pending', 'due', 'done', 'cancelled'] as const;
export const ReminderState = z.enum(REMINDER_STATES);
export type ReminderState = z.infer<typeof ReminderState>;

export const ReminderTarget = z.lazy(() => z.looseObject({ kind: z.enum(REMINDER_KINDS), id: Id }));
export type ReminderTarget = z.infer<typeof ReminderTarget>;

export const Reminder = z.lazy(() =>
  z.looseObject({
    id: Id,
    /** Who set it: the only person who sees it. */
    username: z.string(),
    target: ReminderTarget,
    /** What the record was called when the reminder was set (a thread's name, a lead's). */
    label: z.string(),
    note: z.nullable(z.string()),
    dueAt: DateTime,
    state: ReminderState,
    createdAt: DateTime,
    /** When it fired (null until then, and again after it is moved to a later time). */
    firedAt: z.nullable(DateTime),
    /** At its time the thread or lead was no longer in the workspace (deleted meanwhile). */
    recordGone: z.boolean(),
  }),
);
export type Reminder = z.infer<typeof Reminder>;

export const ReminderList = z.lazy(() => z.looseObject({ reminders: z.array(Reminder) }));
export type ReminderList = z.infer<typeof ReminderList>;

/** A reminder's note as a person types it: trimmed, storable, short; empty means none. */
const NoteText = z
  .string()
  .check(
    z.trim(),
    storableText(),
    z.maxLength(REMINDER_NOTE_MAX, `must be at most ${String(REMINDER_NOTE_MAX)} characters`),
  );

/** `POST /bff/reminders` */
export const ReminderCreate = z.lazy(() =>
  z.strictObject({
    target: z.strictObject({ kind: z.enum(REMINDER_KINDS), id: Id }),
    /** At least a minute and at most a year from now (the BFF checks against its clock). */
    dueAt: StorableDateTime,
    note: z.optional(z.nullable(NoteText)),
  }),
);
export type ReminderCreate = z.infer<typeof ReminderCreate>;

/** `PUT /bff/reminders/{id}`: a new time (which re-arms a due one), a new note (null clears), or both. */
export const ReminderUpdate = z.lazy(() =>
  z
    .strictObject({
      dueAt: z.optional(StorableDateTime),
      note: z.optional(z.nullable(NoteText)),
    })
    .check(
      z.refine((body) => body.dueAt !== undefined || body.note !== undefined, 'must change dueAt or note'),
    ),
);
export type ReminderUpdate = z.infer<typeof ReminderUpdate>;

/** `GET /bff/reminders?state=`: one state, or (without it) the open ones: pending and due. */
export const ReminderListQuery = z.lazy(() => z.strictObject({ state: z.optional(ReminderState) }));

/** Whether `dueAt` lies within a reminder's bounds from `now`; the reason when it does not. */
export function reminderTimeProblem(dueAt: Date, now: number): string | null {
  const ahead = dueAt.getTime() - now;
  if (!Number.isFinite(ahead)) return 'dueAt must be a date and time';
  if (ahead < REMINDER_MIN_MS) return 'dueAt must be at least a minute from now';
  if (ahead > REMINDER_MAX_MS) return 'dueAt must be within a year from now';
  return null;
}
