import * as z from 'zod/mini';
import { DateTime, E164_DIGITS, Id, NullableId, Text, pageEnvelope, pagingQuery } from './common';

export const CONVERSATION_STATUSES = ['open', 'pending', 'snoozed', 'closed'] as const;
export const ConversationStatus = z.enum(CONVERSATION_STATUSES);
export type ConversationStatus = z.infer<typeof ConversationStatus>;

export const Conversation = z.lazy(() =>
  z.looseObject({
    id: Id,
    channel_id: NullableId,
    external_thread_id: z.string(),
    status: ConversationStatus,
    contact_id: NullableId,
    customer_id: NullableId,
    lead_id: NullableId,
    assigned_to_user_id: NullableId,
    last_message_at: z.nullish(DateTime),
    is_group: z.boolean(),
    group_subject: Text,
    group_participant_count: z.nullish(z.int()),
    created_at: DateTime,
    updated_at: DateTime,
    // Not in the spec's record; the fake adds it and a real server may (decisions.md, issue 4).
    ai_agent_id: z.optional(NullableId),
    /**
     * The BFF's own, never the upstream's (issue 38, docs/api-assumptions.md): while the team has
     * the thread snoozed, `status` reads `snoozed` and this says until when it comes back.
     */
    snoozed_until: z.optional(z.nullable(DateTime)),
  }),
);
export type Conversation = z.infer<typeof Conversation>;

export const ConversationList = pageEnvelope(Conversation);
export type ConversationList = z.infer<typeof ConversationList>;

export const ConversationListQuery = z.lazy(() =>
  z.strictObject({
    status: z.optional(ConversationStatus),
    assignedTo: z.optional(z.union([Id, z.literal('none')])),
    channelId: z.optional(Id),
    search: z.optional(z.string().check(z.maxLength(200))),
    ...pagingQuery,
  }),
);
export type ConversationListQuery = z.infer<typeof ConversationListQuery>;

export const MESSAGE_TYPES = [
  'text',
  'image',
  'video',
  'audio',
  'document',
  'sticker',
  'location',
  'contact',
  'poll',
  'reaction',
  'template',
] as const;
export const MessageType = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof MessageType>;

export const MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed'] as const;
export const MessageStatus = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof MessageStatus>;

/** decisions.md: `{url, mime_type?, file_name?, caption?, latitude?, longitude?}`; other types add their own keys. */
export const Media = z.lazy(() =>
  z.looseObject({
    url: z.optional(z.string()),
    mime_type: Text,
    file_name: Text,
    caption: Text,
    latitude: z.nullish(z.number()),
    longitude: z.nullish(z.number()),
  }),
);
export type Media = z.infer<typeof Media>;

export const Message = z.lazy(() =>
  z.looseObject({
    id: Id,
    conversation_id: Id,
    direction: z.enum(['inbound', 'outbound']),
    type: MessageType,
    text: Text,
    media: z.nullish(Media),
    status: MessageStatus,
    error_reason: Text,
    sender_name: Text,
    from_me: z.boolean(),
    platform_message_id: Text,
    created_at: DateTime,
    // Not in the spec's record: the id of the message this one quotes, when the server says so.
    quoted_message_id: z.optional(NullableId),
  }),
);
export type Message = z.infer<typeof Message>;

/** decisions.md: newest first, `{data, hasMore}`, paging toward older ones with `before`. */
export const MessagePage = z.lazy(() => z.looseObject({ data: z.array(Message), hasMore: z.boolean() }));
export type MessagePage = z.infer<typeof MessagePage>;

export const MessageListQuery = z.lazy(() =>
  z.strictObject({
    before: z.optional(Id),
    limit: pagingQuery.limit,
  }),
);
export type MessageListQuery = z.infer<typeof MessageListQuery>;

export const SendTemplate = z.lazy(() =>
  z.strictObject({
    templateName: z.string().check(z.minLength(1)),
    templateLanguage: z.string().check(z.minLength(1)),
    templateParams: z.optional(z.array(z.string())),
  }),
);
export type SendTemplate = z.infer<typeof SendTemplate>;

export const SendMedia = z.lazy(() =>
  z.strictObject({
    url: z.url({ protocol: /^https?$/ }),
    mime_type: z.optional(z.string()),
    file_name: z.optional(z.string()),
    caption: z.optional(z.string()),
    latitude: z.optional(z.number()),
    longitude: z.optional(z.number()),
  }),
);
export type SendMedia = z.infer<typeof SendMedia>;

const Recipient = z.string().check(z.regex(E164_DIGITS, 'must be E.164 digits without a plus sign'));

/** The flat alias for the params: an array, a JSON array string or a comma-separated string. */
export const TemplateParamsAlias = z.lazy(() => z.union([z.array(z.string()), z.string()]));

export const SendMessageBody = z.lazy(() =>
  z
    .strictObject({
      conversationId: z.optional(Id),
      channelId: z.optional(Id),
      to: z.optional(Recipient),
      contactName: z.optional(z.string().check(z.maxLength(200))),
      text: z.optional(z.string().check(z.maxLength(4096))),
      template: z.optional(SendTemplate),
      media: z.optional(SendMedia),
      templateName: z.optional(z.string()),
      templateLanguage: z.optional(z.string()),
      templateParams: z.optional(TemplateParamsAlias),
    })
    .check(
      z.refine((b) => b.conversationId !== undefined || (b.channelId !== undefined && b.to !== undefined), {
        message: 'conversationId or channelId with to is required',
        path: ['conversationId'],
      }),
      z.refine(
        (b) =>
          b.template !== undefined ||
          b.templateName !== undefined ||
          b.media !== undefined ||
          (b.text !== undefined && b.text.trim() !== ''),
        { message: 'text, media or template is required', path: ['text'] },
      ),
    ),
);
export type SendMessageBody = z.infer<typeof SendMessageBody>;

/** Parses the params alias as the spec allows: array, JSON array string, or comma-separated list. */
export function parseTemplateParams(value: string[] | string | undefined): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  const trimmed = value.trim();
  if (trimmed === '') return [];
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not JSON after all: fall through to the comma-separated reading.
    }
  }
  return trimmed.split(',').map((part) => part.trim());
}

export const SendTextBody = z.lazy(() =>
  z.strictObject({
    text: z.string().check(z.minLength(1), z.maxLength(4096)),
    quotedMessageId: z.optional(Id),
  }),
);
export type SendTextBody = z.infer<typeof SendTextBody>;

export const AssignOwnerBody = z.lazy(() => z.strictObject({ userId: z.nullable(Id) }));
export type AssignOwnerBody = z.infer<typeof AssignOwnerBody>;

export const AssignAgentBody = z.lazy(() => z.strictObject({ agentId: z.nullable(Id) }));
export type AssignAgentBody = z.infer<typeof AssignAgentBody>;
