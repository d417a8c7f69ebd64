import * as z from 'zod/mini';
import { E164_DIGITS, Id } from '../../src/contract/common';
import { MessageType } from '../../src/contract/conversations';
import { DAY_MS } from './time';

// Bodies of the `/__fake/*` control surface (mocks/README.md), checked like the real routes' bodies.

export const ResetBody = z.strictObject({ scale: z.optional(z.int().check(z.minimum(1), z.maximum(20))) });

// One flat object rather than a union, so a wrong field is named in the 400 (a union's error names
// none). Either form: `conversationId`, or `channelId` + `from` + `text` to find or start a thread.
export const InboundBody = z
  .strictObject({
    conversationId: z.optional(Id),
    channelId: z.optional(Id),
    from: z.optional(z.string().check(z.regex(E164_DIGITS, 'must be E.164 digits without a plus sign'))),
    text: z.optional(z.string()),
    type: z.optional(MessageType),
    media: z.optional(z.record(z.string(), z.unknown())),
    senderName: z.optional(z.string()),
  })
  .check(
    z.refine((b) => b.conversationId !== undefined || b.channelId !== undefined, {
      message: 'is required (or channelId with from and text)',
      path: ['conversationId'],
    }),
    z.refine((b) => b.conversationId !== undefined || b.channelId === undefined || b.from !== undefined, {
      message: 'is required with channelId',
      path: ['from'],
    }),
    z.refine((b) => b.conversationId !== undefined || b.channelId === undefined || !!b.text, {
      message: 'is required with channelId',
      path: ['text'],
    }),
  );

// Ten years at most: the clock must stay a valid date (a larger jump would make every date-time invalid).
export const ClockBody = z.strictObject({
  advanceMs: z.number().check(z.minimum(0), z.maximum(10 * 365 * DAY_MS)),
});

export const FailBody = z
  .strictObject({
    method: z.string().check(z.minLength(1)),
    path: z.string().check(z.startsWith('/')),
    host: z.optional(z.enum(['social', 'crm'])),
    status: z.optional(z.int().check(z.minimum(400), z.maximum(599))),
    count: z.optional(z.int().check(z.minimum(1))),
    message: z.optional(z.string()),
    delayMs: z.optional(z.int().check(z.minimum(0), z.maximum(120_000))),
  })
  .check(
    z.refine((b) => b.status !== undefined || b.delayMs !== undefined, {
      message: 'status or delayMs is required',
      path: ['status'],
    }),
  );

export const PlanLimitBody = z.strictObject({
  tenantId: Id,
  limit: z.nullable(z.string().check(z.minLength(1))),
});
export const RevokeBody = z.strictObject({ key: z.string().check(z.minLength(1)) });
export const FailDeliveryBody = z.strictObject({ conversationId: Id, reason: z.optional(z.string()) });
export const ChatterBody = z.strictObject({ on: z.boolean() });

export const NoQuery = z.strictObject({});
export const InviteLinkQuery = z.strictObject({ link: z.string().check(z.minLength(1)) });
