import * as z from 'zod/mini';
import { Id, LimitParam, OffsetParam } from '../common';
import { Contact } from '../contacts';
import { Conversation, ConversationStatus, Message, MessagePage } from '../conversations';
import { Customer } from '../customers';
import { Lead } from '../leads';
import { MessageAuthors } from '../authors';
import { Note } from '../notes';
import { SlaState, ThreadSla } from '../sla';

// The inbox's thread list as one screen read (`GET /bff/screens/inbox`), answered from the BFF's
// read model: the upstream's list under the same filters, each row with what it shows.

export const InboxQuery = z.lazy(() =>
  z.strictObject({
    status: z.optional(ConversationStatus),
    /** A team member's upstream user id, or `none` for threads nobody owns. */
    assignedTo: z.optional(z.union([Id, z.literal('none')])),
    channelId: z.optional(Id),
    search: z.optional(z.string().check(z.maxLength(200))),
    /** Only threads with something unread for the signed-in agent. */
    unread: z.optional(z.literal('true')),
    /** Only threads carrying this label (the BFF's own, src/contract/labels.ts). */
    label: z.optional(Id),
    /** Only threads whose running SLA clock is in this state (issue 39.3). */
    sla: z.optional(SlaState),
    offset: OffsetParam,
    limit: LimitParam,
  }),
);
export type InboxQuery = z.infer<typeof InboxQuery>;

export const InboxRow = z.lazy(() =>
  z.looseObject({
    conversation: Conversation,
    /** The thread's contact as the upstream keeps it; null when it has none or it is not read yet. */
    contact: z.nullable(Contact),
    /** The newest message and the newest inbound one (when different), newest first. */
    messages: z.array(Message),
    /** An inbound message may exist before those held (the window is unknown from them alone). */
    hasOlder: z.boolean(),
    /** Whether the BFF has read the thread's messages yet (false: the row reads them itself). */
    loaded: z.boolean(),
    /** Who on the team sent those messages, for those the team sent (issue 36.1). */
    authors: z.optional(MessageAuthors),
    /** The team's labels on it (ids, in the list's order); absent without the BFF's database. */
    labelIds: z.optional(z.array(Id)),
    /** The thread's running SLA clock due soonest (issue 39.3); absent or null: none runs. */
    sla: z.optional(z.nullable(ThreadSla())),
  }),
);
export type InboxRow = z.infer<typeof InboxRow>;

export const InboxScreenPage = z.lazy(() =>
  z.looseObject({
    rows: z.array(InboxRow),
    /** Threads under the filters, all of them. */
    total: z.int(),
    hasMore: z.boolean(),
  }),
);
export type InboxScreenPage = z.infer<typeof InboxScreenPage>;

export const ThreadQuery = z.lazy(() => z.strictObject({ id: Id }));
export type ThreadQuery = z.infer<typeof ThreadQuery>;

/**
 * An open thread in one screen read (`GET /bff/screens/thread?id=`): the conversation, its newest
 * page of messages (null while the BFF has not read it yet: the browser reads it then), and the
 * contact, customer and lead it is linked to (null: none, or not known to the BFF yet).
 */
export const ThreadScreen = z.lazy(() =>
  z.looseObject({
    conversation: Conversation,
    messages: z.nullable(MessagePage),
    contact: z.nullable(Contact),
    customer: z.nullable(Customer),
    lead: z.nullable(Lead),
    /** A one-to-one thread nobody linked: the contact on its number and their customer (null: none). */
    byNumber: z.optional(z.nullable(z.looseObject({ contact: Contact, customer: z.nullable(Customer) }))),
    /** Who on the team sent its messages (issue 36.1), by message id: the thread's newest 1,000. */
    authors: MessageAuthors,
    /** The team's private notes on it, oldest first (absent: the BFF keeps no notes, or could not read them). */
    notes: z.optional(z.array(Note)),
    /** The team's labels on it (ids, in the list's order). */
    labelIds: z.optional(z.array(Id)),
    /** The thread's running SLA clock due soonest (issue 39.3); absent or null: none runs. */
    sla: z.optional(z.nullable(ThreadSla())),
  }),
);
export type ThreadScreen = z.infer<typeof ThreadScreen>;
