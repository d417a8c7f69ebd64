import * as z from 'zod/mini';
import { DateTime, Id } from './common';
import { ConversationStatus } from './conversations';
import { Priority } from './leads';
import { OwnerFilter } from './routes/screens';

// Bulk actions (issue 38): many threads assigned, closed, reopened or snoozed at once, many leads
// moved, reassigned or deleted at once. A run is kept by the BFF and worked on its job queue a
// slice at a time, paced under the upstream's limits; it can be left and found again, resumed
// after a failure, and ends with a report of what was refused and why.

/** The most records one run acts on: beyond it, narrow the filter. */
export const BULK_MAX_ITEMS = 5_000;

export const CONVERSATION_BULK_ACTIONS = ['assign', 'unassign', 'close', 'reopen', 'snooze'] as const;
export type ConversationBulkAction = (typeof CONVERSATION_BULK_ACTIONS)[number];
export const LEAD_BULK_ACTIONS = ['move', 'reassign', 'delete'] as const;
export type LeadBulkAction = (typeof LEAD_BULK_ACTIONS)[number];
export type BulkAction = ConversationBulkAction | LeadBulkAction;

export const BULK_TARGETS = ['conversations', 'leads'] as const;
export type BulkTarget = (typeof BULK_TARGETS)[number];

export const BULK_STATES = ['queued', 'running', 'paused', 'done', 'cancelled', 'failed'] as const;
export type BulkState = z.infer<typeof BulkState>;
export const BulkState = z.enum(BULK_STATES);

/** States a run is over in: nothing more happens to it. */
export const BULK_FINAL_STATES: readonly BulkState[] = ['done', 'cancelled', 'failed'];

const ids = () => z.array(Id).check(z.minLength(1), z.maxLength(BULK_MAX_ITEMS));
/** How many the person saw under the filter: the run never acts on more than they agreed to. */
const expected = () => z.int().check(z.minimum(1), z.maximum(BULK_MAX_ITEMS));

/** The inbox's filter as its thread list takes it (screens-inbox.ts InboxQuery). */
export const ConversationBulkFilter = z.lazy(() =>
  z.strictObject({
    status: z.optional(ConversationStatus),
    assignedTo: z.optional(z.union([Id, z.literal('none')])),
    channelId: z.optional(Id),
    search: z.optional(z.string().check(z.maxLength(200))),
  }),
);
export type ConversationBulkFilter = z.infer<typeof ConversationBulkFilter>;

/** The lead list's filter (screens.ts leadFilters). */
export const LeadBulkFilter = z.lazy(() =>
  z.strictObject({
    priority: z.optional(Priority),
    search: z.optional(z.string().check(z.maxLength(200))),
    owner: z.optional(OwnerFilter),
  }),
);
export type LeadBulkFilter = z.infer<typeof LeadBulkFilter>;

/** The records picked one by one, or every record under the list's filter ("Select all N matching"). */
const selection = <F extends z.ZodMiniType>(filter: F) =>
  z.union([z.strictObject({ ids: ids() }), z.strictObject({ filter, expected: expected() })]);

export const ConversationBulkBody = z.lazy(() =>
  z.strictObject({
    action: z.enum(CONVERSATION_BULK_ACTIONS),
    /** `assign`: the teammate's upstream user id; `snooze`: when the threads come back. */
    args: z.optional(z.strictObject({ userId: z.optional(Id), until: z.optional(DateTime) })),
    selection: selection(ConversationBulkFilter),
  }),
);
export type ConversationBulkBody = z.infer<typeof ConversationBulkBody>;

export const LeadBulkBody = z.lazy(() =>
  z.strictObject({
    action: z.enum(LEAD_BULK_ACTIONS),
    /** `move`: the stage key; `reassign`: the teammate's upstream user id. */
    args: z.optional(
      z.strictObject({
        stage: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
        userId: z.optional(Id),
      }),
    ),
    selection: selection(LeadBulkFilter),
  }),
);
export type LeadBulkBody = z.infer<typeof LeadBulkBody>;

export const BulkArgs = z.lazy(() =>
  z.object({
    userId: z.optional(Id),
    until: z.optional(DateTime),
    stage: z.optional(z.string()),
  }),
);
export type BulkArgs = z.infer<typeof BulkArgs>;

/** A run as the person sees it: what it does, how far it is, and why it stopped. */
export const BulkRun = z.lazy(() =>
  z.object({
    id: Id,
    target: z.enum(BULK_TARGETS),
    action: z.enum([...CONVERSATION_BULK_ACTIONS, ...LEAD_BULK_ACTIONS]),
    args: BulkArgs,
    state: BulkState,
    /** Records the run acts on (duplicates counted once). */
    total: z.int(),
    /** Records done (the action made, or the record was already so). */
    done: z.int(),
    /** Records refused, each with why (GET /bff/bulk/{id}/report). */
    refused: z.int(),
    /** Why the run paused or failed, in words (the upstream's answer, an outage). */
    reason: z.nullable(z.string()),
    startedBy: z.string(),
    createdAt: DateTime,
    updatedAt: DateTime,
  }),
);
export type BulkRun = z.infer<typeof BulkRun>;

export const BulkRunList = z.lazy(() => z.object({ data: z.array(BulkRun) }));
export type BulkRunList = z.infer<typeof BulkRunList>;

/** The refused records of a run, in the order the run took them. */
export const BulkReport = z.lazy(() =>
  z.object({
    run: BulkRun,
    refused: z.array(z.object({ recordId: z.string(), name: z.nullable(z.string()), reason: z.string() })),
  }),
);
export type BulkReport = z.infer<typeof BulkReport>;

/** How many, in words a person reads: "48 closed, 2 refused". */
export const BULK_DONE_WORD: Readonly<Record<BulkAction, string>> = {
  assign: 'assigned',
  unassign: 'unassigned',
  close: 'closed',
  reopen: 'reopened',
  snooze: 'snoozed',
  move: 'moved',
  reassign: 'reassigned',
  delete: 'deleted',
};
