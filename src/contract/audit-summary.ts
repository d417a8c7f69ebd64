import * as z from 'zod/mini';
import type { TableRoute } from './routes/table';

// What an audit entry did, in names (issue 36.3): worked out by the BFF when the entry is recorded
// (the names as they were then: the record may be renamed or deleted later), stored with the entry
// and worded by the browser ("Marco Manager moved lead Ana Silva to Qualified"), which also links
// the record. Names only: never a message's text, a password, a body's values or a secret.

/** Every route of the table that changes state: each has its words (a new one does not compile without). */
export type MutatingRouteId = Extract<TableRoute, { readonly method: 'POST' | 'PATCH' | 'DELETE' }>['id'];

/**
 * The BFF's own state-changing routes the log records, as it names them (`${method} ${url}`); the
 * sign-in and sign-out actions are AUTH_ACTIONS.
 */
export const BFF_AUDITED_ACTIONS = [
  'POST /bff/conversations/:id/notes',
  'POST /bff/conversations/:id/read',
  'POST /bff/conversations/:id/unread',
  'POST /bff/mentions/:noteId/read',
  'POST /bff/presence',
  'PUT /bff/me/preferences',
  'POST /bff/imports',
  'POST /bff/imports/:id/start',
  'POST /bff/imports/:id/pause',
  'POST /bff/imports/:id/cancel',
  'POST /bff/workspace/reload',
  'PUT /bff/availability/me',
  'PUT /bff/assignment/rules/:channelId',
  'PUT /bff/sla',
  'POST /bff/labels',
  'PUT /bff/labels/:id',
  'POST /bff/labels/:id/delete',
  'POST /bff/conversations/:id/labels',
  'POST /bff/views',
  'PUT /bff/views/:id',
  'POST /bff/views/:id/delete',
] as const;
export type BffAuditedAction = (typeof BFF_AUDITED_ACTIONS)[number];

/** What kind of record an entry acted on: the browser links each to its page. */
export const AUDIT_SUBJECT_KINDS = [
  'lead',
  'stage',
  'conversation',
  'customer',
  'contact',
  'quickReply',
  'import',
] as const;
export type AuditSubjectKind = (typeof AUDIT_SUBJECT_KINDS)[number];

/** The longest name kept: a 10,000-character name is cut here (then made storable). */
export const AUDIT_NAME_MAX = 200;

const Name = z.string().check(z.maxLength(AUDIT_NAME_MAX + 1));

export const AuditSubject = z.lazy(() =>
  z.looseObject({
    kind: z.enum(AUDIT_SUBJECT_KINDS),
    /** Absent for a record not created yet (a create) or not found. */
    id: z.optional(z.string().check(z.maxLength(AUDIT_NAME_MAX))),
    /** Its name then; absent when it could not be read in time. */
    name: z.optional(Name),
  }),
);
export type AuditSubject = z.infer<typeof AuditSubject>;

/**
 * What the words say, besides the action: which of the route's outcomes it was (`verb`), the
 * record, where it went, and names that qualify it. Loose, and every part optional: a browser
 * words what it knows and falls back on the raw action for the rest.
 */
export const AuditSummary = z.lazy(() =>
  z.looseObject({
    /**
     * Which of several things the call did, when the route can do more than one: `moved`,
     * `assigned`, `unassigned`, `renamed` or `updated` (a lead's or a stage's PATCH, an assignment).
     */
    verb: z.optional(z.string().check(z.maxLength(40))),
    /** Who did it, by the name they had then. */
    actor: z.optional(Name),
    subject: z.optional(AuditSubject),
    /** Where it went: a stage, a teammate or AI agent, a new name. */
    to: z.optional(Name),
    /** The name it had before a rename. */
    from: z.optional(Name),
    /** Fields changed, by the contract's field names (`value`, `expected_close_date`). */
    fields: z.optional(z.array(z.string().check(z.maxLength(40))).check(z.maxLength(30))),
    /** Names that qualify it: tags added, an activity's type, an import's kind. */
    detail: z.optional(Name),
    /** How many: join requests approved. */
    count: z.optional(z.int()),
  }),
);
export type AuditSummary = z.infer<typeof AuditSummary>;

/**
 * An entry's summary, when it has one this build can read. A summary the schema does not take
 * (written by a later build, or none at all: entries from before it was kept) reads as null, so
 * the entry shows its raw action instead of failing the page.
 */
export function summaryOf(entry: object): AuditSummary | null {
  const summary = (entry as { readonly summary?: unknown }).summary;
  if (summary === undefined || summary === null) return null;
  const parsed = AuditSummary.safeParse(summary);
  return parsed.success ? parsed.data : null;
}
