import * as z from 'zod/mini';
import { DateTime, Id, NullableId, Text } from './common';

export const ACTIVITY_TYPES = [
  'call',
  'email',
  'meeting',
  'note',
  'task',
  'deal',
  'support_ticket',
  'sms',
] as const;
export const ActivityType = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof ActivityType>;

export const OUTCOMES = ['successful', 'follow_up_needed', 'no_answer', 'completed', 'cancelled'] as const;
export const Outcome = z.enum(OUTCOMES);
export type Outcome = z.infer<typeof Outcome>;

export const Activity = z.lazy(() =>
  z.looseObject({
    id: Id,
    activity_type: ActivityType,
    subject: Text,
    description: Text,
    activity_date: z.nullish(DateTime),
    duration_minutes: z.nullish(z.int()),
    outcome: z.nullish(Outcome),
    created_at: DateTime,
    // Not in the spec's record; servers that echo the subject of the activity are tolerated.
    customer_id: z.optional(NullableId),
    lead_id: z.optional(NullableId),
  }),
);
export type Activity = z.infer<typeof Activity>;

export const ActivityList = z.lazy(() => z.array(Activity));
export type ActivityList = z.infer<typeof ActivityList>;

export const ActivityCreate = z.lazy(() =>
  z
    .strictObject({
      customer_id: z.optional(Id),
      lead_id: z.optional(Id),
      activity_type: ActivityType,
      subject: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
      description: z.optional(z.string().check(z.maxLength(4000))),
      activity_date: z.optional(DateTime),
      duration_minutes: z.optional(z.int().check(z.minimum(0), z.maximum(24 * 60))),
      outcome: z.optional(Outcome),
    })
    .check(
      z.refine((b) => (b.customer_id === undefined) !== (b.lead_id === undefined), {
        message: 'customer_id or lead_id is required (exactly one)',
        path: ['customer_id'],
      }),
    ),
);
export type ActivityCreate = z.infer<typeof ActivityCreate>;
