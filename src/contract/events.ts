import * as z from 'zod/mini';
import { Activity } from './activities';
import { AvailabilityStatus } from './availability';
import { Label } from './labels';
import { MessageAuthors } from './authors';
import { BulkRun } from './bulk';
import { Channel } from './channels';
import { DateTime, Id } from './common';
import { Contact } from './contacts';
import { Conversation, Message } from './conversations';
import { Customer } from './customers';
import { Lead, LeadStage } from './leads';
import { Note } from './notes';
import { ScheduledMessage } from './scheduled';
import { SlaKind, ThreadSla } from './sla';
import { QuickReply } from './quick-replies';
import { Reminder } from './reminders';
import { Tag } from './tags';
import { Template } from './templates';

// The live stream (`GET /bff/events`, server-sent events). The BFF learns of changes by reading the
// upstream (it has no events of its own, spec Part 6) and from the answers to writes made through
// it; each change goes to every browser as one of these. Records are whole, as the upstream gave
// them, so a client can write them into its caches without another read. The BFF validates what it
// publishes and the browser validates what it receives, both with these schemas.

const event = <T extends string, S extends z.core.$ZodLooseShape>(type: T, shape: S) =>
  z.looseObject({ type: z.literal(type), ...shape });

/** The BFF's live event stream (Server-Sent Events): registered on its own, as it stays open. */
export const EVENTS_PATH = '/bff/events';

export const UPSTREAM_STATES = ['ok', 'unreachable', 'rate-limited', 'key-refused'] as const;
export const UpstreamState = z.enum(UPSTREAM_STATES);
export type UpstreamState = z.infer<typeof UpstreamState>;

export const RESYNC_REASONS = ['gap', 'restart', 'slow-client', 'upstream-returned'] as const;

/**
 * Each event's schema by its type, built the first time an event of that type is read: the first
 * event a browser receives (the upstream's status, on connect) builds one small schema, not the
 * twenty of the union (about 30 ms of a phone's main thread, while the first screen renders).
 */
const SHAPES = {
  'conversation.upserted': () => ({ conversation: Conversation }),
  /** A conversation a full read of the list no longer returns. */
  'conversation.removed': () => ({ id: Id }),
  /** New or changed messages of one thread (a new inbound, a tick that moved, a send's echo), oldest
   *  first. `gap`: the BFF's read did not reach back to what it held before, so messages between
   *  may be missing: drop what is cached of the thread and read it again. */
  'messages.upserted': () => ({
    conversationId: Id,
    messages: z.array(Message),
    gap: z.optional(z.boolean()),
  }),
  /** Which teammate (or AI agent) sent these messages of one thread; told once, when the BFF learns it. */
  'messages.authored': () => ({ conversationId: Id, authors: MessageAuthors }),
  'lead.upserted': () => ({ lead: Lead }),
  'lead.removed': () => ({ id: Id }),
  /** Whether a lead needs a follow-up (one of its activities says so), as the BFF last read them. */
  'lead.followUp': () => ({ id: Id, followUp: z.boolean() }),
  /** The whole stage list, ordered by position: stages change rarely and together (a reorder). */
  'leadStages.replaced': () => ({ stages: z.array(LeadStage) }),
  'customer.upserted': () => ({ customer: Customer }),
  'customer.removed': () => ({ id: Id }),
  'contact.upserted': () => ({ contact: Contact }),
  'contact.removed': () => ({ id: Id }),
  'tags.replaced': () => ({ tags: z.array(Tag) }),
  'quickReplies.replaced': () => ({ quickReplies: z.array(QuickReply) }),
  'channels.replaced': () => ({ channels: z.array(Channel) }),
  'templates.replaced': () => ({ channelId: Id, templates: z.array(Template) }),
  /** An activity logged on a lead or a customer (follow-up flags move with it). */
  'activity.created': () => ({ activity: Activity, leadId: z.nullish(Id), customerId: z.nullish(Id) }),
  /** The signed-in agent read a thread or marked it unread (sent to that agent's browsers only). */
  'readState.changed': () => ({ conversationId: Id, readAt: DateTime, markedUnread: z.boolean() }),
  /** A private note on a thread (every teammate's browser). */
  'note.created': () => ({ note: Note }),
  /** A scheduled send was made, changed, sent, failed or cancelled (every teammate's browser). */
  'scheduled.changed': () => ({ scheduled: ScheduledMessage }),
  /** A note mentions this agent (sent to that agent's browsers only). */
  'mention.created': () => ({ note: Note }),
  /** A reminder of this person's came due (sent to that person's browsers only). */
  'reminder.due': () => ({ reminder: Reminder }),
  /** A teammate opened or left a thread, or started or stopped typing in it. */
  'presence.changed': () => ({
    username: z.string(),
    name: z.string(),
    conversationId: z.nullable(Id),
    typing: z.boolean(),
  }),
  /** A teammate's availability changed: by their choice, by a tab coming back, or Away (`auto`) after
   *  no tab of theirs was open for the idle time. */
  'availability.changed': () => ({ username: z.string(), status: AvailabilityStatus, auto: z.boolean() }),
  /** The team's labels, the whole list by position (issue 39.4: it is short and changes rarely). */
  'labels.replaced': () => ({ labels: z.array(Label) }),
  /** A thread's labels as they now are (ids, in the list's order). */
  'conversation.labels': () => ({ conversationId: Id, labelIds: z.array(Id) }),
  /** A saved view was made, changed or deleted: to its owner's browsers, or everyone's for a team view. */
  'views.changed': () => ({}),
  /** A thread's running SLA clock changed (started, met, stopped): null when none runs now. */
  'sla.changed': () => ({ conversationId: Id, sla: z.nullable(ThreadSla()) }),
  /** A thread's SLA target fell due unmet: sent to its owner's browsers, or everyone's when unowned. */
  'sla.breached': () => ({
    conversationId: Id,
    kind: SlaKind,
    dueAt: DateTime,
    /** The owner's upstream user id; null: nobody owns the thread. */
    owner: z.nullable(z.string()),
  }),
  /** A channel's assignment rule or its waiting threads changed (src/server/assignment): reread it. */
  'assignment.changed': () => ({ channelId: z.string() }),
  /** Whether the BFF can read the upstream; sent on connect and whenever it changes. */
  'upstream.status': () => ({ state: UpstreamState, since: DateTime }),
  /** How far a bulk action has come (sent to the browsers of who started it, at most every ~500 ms). */
  'bulk.progress': () => ({ run: BulkRun }),
  /** The stream cannot replay what the client missed: refetch everything on screen. */
  resync: () => ({ reason: z.enum(RESYNC_REASONS) }),
};
type Shapes = typeof SHAPES;
type EventType = keyof Shapes;
const build = <T extends EventType>(type: T) => event(type, SHAPES[type]() as ReturnType<Shapes[T]>);
type EventSchema = { [T in EventType]: ReturnType<typeof build<T>> }[EventType];

/** Each type's schema, built once: the union and the one-type read share them. */
const built = new Map<EventType, EventSchema>();
function schemaOf(type: EventType): EventSchema {
  let schema = built.get(type);
  if (!schema) built.set(type, (schema = build(type) as EventSchema));
  return schema;
}

export const LiveEvent = z.lazy(() =>
  z.discriminatedUnion(
    'type',
    (Object.keys(SHAPES) as EventType[]).map(schemaOf) as [EventSchema, ...EventSchema[]],
  ),
);
export type LiveEvent = z.infer<typeof LiveEvent>;
export type LiveEventType = LiveEvent['type'];
export type LiveEventOf<T extends LiveEventType> = Extract<LiveEvent, { type: T }>;

type LiveEventResult = ReturnType<typeof LiveEvent.safeParse>;
/** Reads one event with its own type's schema; a type this build does not know fails as the union would. */
export function parseLiveEvent(data: unknown): LiveEventResult {
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !Object.hasOwn(SHAPES, type)) return LiveEvent.safeParse(data);
  return schemaOf(type as EventType).safeParse(data) as LiveEventResult;
}
