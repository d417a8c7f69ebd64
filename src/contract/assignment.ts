import * as z from 'zod/mini';
import { DateTime } from './common';
import { storableText } from './storable';

// Assignment rules (issue 39 item 2): per channel, new and reopened open threads nobody owns are
// handed out automatically by round robin or to the least loaded member who is Available, with a
// cap on open threads per member; a thread no one can take waits, oldest first. A thread whose
// automatic owner has not replied within the no-reply time goes back to the queue (or to a named
// teammate). The BFF keeps the rules and the waiting threads (src/server/assignment).

export const ASSIGNMENT_MODES = ['round-robin', 'least-loaded'] as const;
export const AssignmentMode = z.enum(ASSIGNMENT_MODES);
export type AssignmentMode = z.infer<typeof AssignmentMode>;

/** The words people read for each mode ("Assigned automatically by the WhatsApp rule (round robin)"). */
export const ASSIGNMENT_MODE_LABELS: Readonly<Record<AssignmentMode, string>> = {
  'round-robin': 'round robin',
  'least-loaded': 'least loaded',
};

/** Bounds that keep a rule sensible: a cap of 1 to 500 open threads, a no-reply time up to a week. */
export const ASSIGNMENT_CAP_MAX = 500;
export const NO_REPLY_MINUTES_MAX = 7 * 24 * 60;
export const ASSIGNMENT_MEMBERS_MAX = 200;

const Username = z.string().check(z.trim(), storableText(), z.minLength(1), z.maxLength(200));

/** `PUT /bff/assignment/rules/{channelId}` (admins): the channel's whole rule. */
export const AssignmentRuleBody = z.lazy(() =>
  z.strictObject({
    enabled: z.boolean(),
    mode: AssignmentMode,
    /** Usernames of the teammates it hands out to (at least one). */
    members: z.array(Username).check(
      z.minLength(1),
      z.maxLength(ASSIGNMENT_MEMBERS_MAX),
      z.refine((names) => new Set(names).size === names.length, 'must not name a teammate twice'),
    ),
    /** Open threads a member holds at most before they are skipped; null: no cap. */
    cap: z.nullable(
      z
        .int()
        .check(
          z.gte(1, 'must be at least 1'),
          z.lte(ASSIGNMENT_CAP_MAX, `must be at most ${String(ASSIGNMENT_CAP_MAX)}`),
        ),
    ),
    /** Minutes an automatic owner has to reply before the thread moves on; null: never. */
    noReplyMinutes: z.nullable(
      z
        .int()
        .check(
          z.gte(1, 'must be at least 1 minute'),
          z.lte(NO_REPLY_MINUTES_MAX, 'must be at most a week (10080 minutes)'),
        ),
    ),
    /** Where such a thread goes: null back to the queue, or this teammate's username. */
    noReplyTo: z.nullable(Username),
  }),
);
export type AssignmentRuleBody = z.infer<typeof AssignmentRuleBody>;

export const AssignmentRule = z.lazy(() =>
  z.looseObject({
    channelId: z.string(),
    enabled: z.boolean(),
    mode: AssignmentMode,
    members: z.array(z.string()),
    cap: z.nullable(z.int()),
    noReplyMinutes: z.nullable(z.int()),
    noReplyTo: z.nullable(z.string()),
    updatedAt: DateTime,
    updatedBy: z.nullable(z.string()),
  }),
);
export type AssignmentRule = z.infer<typeof AssignmentRule>;

/** A thread waiting for an agent on a channel with a rule. */
export const WaitingThread = z.lazy(() =>
  z.looseObject({
    conversationId: z.string(),
    /** The contact's name or number, as the inbox names the thread. */
    name: z.string(),
    enteredAt: DateTime,
    /** Why the last attempt did not assign it (nobody free, the upstream refused); null: not tried yet. */
    reason: z.nullable(z.string()),
  }),
);
export type WaitingThread = z.infer<typeof WaitingThread>;

export const ChannelAssignment = z.lazy(() =>
  z.looseObject({
    channelId: z.string(),
    channelName: z.string(),
    rule: z.nullable(AssignmentRule),
    /** Oldest first. */
    waiting: z.array(WaitingThread),
  }),
);
export type ChannelAssignment = z.infer<typeof ChannelAssignment>;

/** `GET /bff/assignment`: every channel with its rule and queue, and who a rule may name. */
export const AssignmentOverview = z.lazy(() =>
  z.looseObject({
    channels: z.array(ChannelAssignment),
    team: z.array(z.looseObject({ username: z.string(), name: z.string() })),
  }),
);
export type AssignmentOverview = z.infer<typeof AssignmentOverview>;
