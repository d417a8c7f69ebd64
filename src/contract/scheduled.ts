import * as z from 'zod/mini';
import { DateTime, Id } from './common';
import { storableText, StorableDateTime } from './storable';

// Scheduled sends (issue 38): a reply or a template the team writes now and the BFF sends at a
// time, from its job queue, on whichever instance is alive then. The BFF's own: the spec has no
// scheduling (docs/api-assumptions.md). A text is held to the 24-hour window (rules/service-window.ts)
// both when it is scheduled and when it is due; a template to its approval when it is due.

/** The earliest and latest a send may be scheduled, from now. */
export const SCHEDULE_MIN_MS = 60_000;
export const SCHEDULE_MAX_MS = 30 * 24 * 3_600_000;
/** The upstream's longest text (SendTextBody). */
export const SCHEDULED_TEXT_MAX = 4096;

export const SCHEDULED_STATES = ['scheduled', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type ScheduledState = (typeof SCHEDULED_STATES)[number];
export const SCHEDULED_KINDS = ['text', 'template'] as const;
export type ScheduledKind = (typeof SCHEDULED_KINDS)[number];

const Storable = (max: number) => z.string().check(storableText(), z.maxLength(max));

/** A template as the send takes it (SendTemplate), with text the BFF can keep until it is due. */
export const ScheduledTemplate = z.lazy(() =>
  z.strictObject({
    templateName: Storable(512).check(z.minLength(1)),
    templateLanguage: Storable(64).check(z.minLength(1)),
    templateParams: z.optional(z.array(Storable(SCHEDULED_TEXT_MAX)).check(z.maxLength(50))),
  }),
);
export type ScheduledTemplate = z.infer<typeof ScheduledTemplate>;

const TextField = z.string().check(
  storableText(),
  z.refine((t) => t.trim() !== '', 'must not be empty'),
  z.maxLength(SCHEDULED_TEXT_MAX, `must be at most ${String(SCHEDULED_TEXT_MAX)} characters`),
);

/**
 * `POST /bff/conversations/{id}/scheduled`: a text (optionally quoting a message) or a template, and
 * when it goes: at least a minute and at most 30 days from now (the BFF says so on `sendAt`).
 */
export const ScheduleBody = z.lazy(() =>
  z
    .strictObject({
      text: z.optional(TextField),
      replyTo: z.optional(Id),
      template: z.optional(ScheduledTemplate),
      sendAt: StorableDateTime,
    })
    .check(
      z.refine((b) => (b.text === undefined) !== (b.template === undefined), {
        message: 'give either text or template, not both',
        path: ['text'],
      }),
    ),
);
export type ScheduleBody = z.infer<typeof ScheduleBody>;

/**
 * `PUT /bff/scheduled/{id}`: a new time, a new text or a new template (a text stays a text and a
 * template a template); only while it is still `scheduled`.
 */
export const ScheduleUpdate = z.lazy(() =>
  z
    .strictObject({
      text: z.optional(TextField),
      template: z.optional(ScheduledTemplate),
      sendAt: z.optional(StorableDateTime),
    })
    .check(
      z.refine((b) => b.text === undefined || b.template === undefined, {
        message: 'give either text or template, not both',
        path: ['text'],
      }),
      z.refine((b) => b.text !== undefined || b.template !== undefined || b.sendAt !== undefined, {
        message: 'nothing to change: give sendAt, text or template',
        path: ['sendAt'],
      }),
    ),
);
export type ScheduleUpdate = z.infer<typeof ScheduleUpdate>;

/** A scheduled message, as every teammate's browser shows it above the composer. */
export const ScheduledMessage = z.lazy(() =>
  z.looseObject({
    id: Id,
    conversationId: Id,
    kind: z.enum(SCHEDULED_KINDS),
    text: z.nullable(z.string()),
    replyTo: z.nullable(Id),
    template: z.nullable(ScheduledTemplate),
    sendAt: DateTime,
    state: z.enum(SCHEDULED_STATES),
    /** Why it did not go (state `failed`), in words a person can act on. */
    failure: z.nullable(z.string()),
    /** The upstream's message, once sent. */
    sentMessageId: z.nullable(Id),
    /** The teammate who scheduled it: the sent message is named after them. */
    scheduledBy: z.looseObject({ username: z.string(), name: z.string() }),
    createdAt: DateTime,
    updatedAt: DateTime,
  }),
);
export type ScheduledMessage = z.infer<typeof ScheduledMessage>;

export const ScheduledList = z.lazy(() => z.array(ScheduledMessage));
export type ScheduledList = z.infer<typeof ScheduledList>;

/** `GET /bff/scheduled?mine`: the signed-in teammate's own, still to go or failed (`mine` is the only list). */
export const ScheduledMineQuery = z.lazy(() =>
  z.strictObject({ mine: z.optional(z.enum(['', 'true', '1'])) }),
);
