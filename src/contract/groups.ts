import * as z from 'zod/mini';
import { DateTime, Id } from './common';

/** A group id: the official provider's id, or a JID with the group suffix. Sent URL-encoded. */
export const GroupId = z.string().check(z.regex(/^[A-Za-z0-9._-]+(@g\.us)?$/, 'must be a group id'));

export const GroupParticipant = z.lazy(() =>
  z.looseObject({
    phone: z.string(),
    name: z.nullish(z.string()),
    role: z.string(),
  }),
);
export type GroupParticipant = z.infer<typeof GroupParticipant>;

export const JoinRequest = z.lazy(() => z.looseObject({ phone: z.string(), requested_at: DateTime }));
export type JoinRequest = z.infer<typeof JoinRequest>;

export const Group = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    subject: z.string(),
    description: z.nullish(z.string()),
    participants: z.array(GroupParticipant),
    join_requests: z.optional(z.array(JoinRequest)),
    invite_link: z.nullish(z.string()),
  }),
);
export type Group = z.infer<typeof Group>;

export const GroupResponse = z.lazy(() => z.looseObject({ group: Group }));
export type GroupResponse = z.infer<typeof GroupResponse>;

export const GroupQuery = z.lazy(() => z.strictObject({ channelId: Id }));

export const ApproveJoinRequestsBody = z.lazy(() =>
  z.strictObject({
    channelId: Id,
    phoneNumbers: z
      .array(z.string().check(z.regex(/^[1-9][0-9]{6,14}$/, 'must be E.164 digits without a plus sign')))
      .check(z.minLength(1)),
  }),
);
export type ApproveJoinRequestsBody = z.infer<typeof ApproveJoinRequestsBody>;

export const ApproveJoinRequestsResponse = z.lazy(() => z.looseObject({ approved: z.array(z.string()) }));

export const InviteLinkBody = z.lazy(() => z.strictObject({ channelId: Id }));
export const InviteLinkResponse = z.lazy(() => z.looseObject({ invite_link: z.string() }));
export type InviteLinkResponse = z.infer<typeof InviteLinkResponse>;
