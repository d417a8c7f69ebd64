import type { Contact, Conversation, Message } from '../../contract';
import type { InboxQuery, InboxRow, InboxScreenPage } from '../../contract/routes/screens-inbox';
import type { ReadModel } from '../sync/read-model';

// The inbox's thread list in one answer from the read model: the rows the upstream's list would
// give under the same filters (status, owner, channel, search over the contact's name, the group's
// subject, the number and the last message), each with what the row shows, so a row costs no call
// of its own (before: the contact and the newest page of messages, per row).

const DEFAULT_LIMIT = 30;

const contactLabel = (contact: Contact | undefined) =>
  [contact?.first_name, contact?.last_name].filter(Boolean).join(' ');

function matchesSearch(model: ReadModel, conversation: Conversation, needle: string): boolean {
  const contact = conversation.contact_id ? model.contacts.get(conversation.contact_id) : undefined;
  const newest = model.messagesOf(conversation.id)?.at(-1);
  // What the row shows is found: its name (the contact's, or the name the contact gave in their
  // messages, or the formatted number) beside the raw fields behind it.
  return [
    model.threadName(conversation),
    contactLabel(contact),
    conversation.group_subject,
    conversation.external_thread_id,
    newest?.text,
  ].some((value) => value?.toLowerCase().includes(needle));
}

export function matchesInboxQuery(model: ReadModel, conversation: Conversation, query: InboxQuery): boolean {
  if (query.status && conversation.status !== query.status) return false;
  if (query.assignedTo === 'none' && conversation.assigned_to_user_id !== null) return false;
  if (
    query.assignedTo &&
    query.assignedTo !== 'none' &&
    conversation.assigned_to_user_id !== query.assignedTo
  )
    return false;
  if (query.channelId && conversation.channel_id !== query.channelId) return false;
  const needle = query.search?.trim().toLowerCase();
  return !needle || matchesSearch(model, conversation, needle);
}

/**
 * What a row needs from the thread's newest page: the newest message (the preview) and the newest
 * inbound one (the window, the sender's name). `hasOlder`: an inbound message may exist before the
 * page, so the window is unknown from it alone.
 */
function rowMessages(page: readonly Message[] | undefined, pageSize: number) {
  if (page === undefined) return { messages: [], hasOlder: true, loaded: false };
  const newest = page.at(-1);
  const inbound = page.findLast((m) => m.direction === 'inbound');
  const messages = [newest, inbound !== newest ? inbound : undefined].filter(
    (m): m is Message => m !== undefined,
  );
  return { messages, hasOlder: inbound === undefined && page.length >= pageSize, loaded: true };
}

export function inboxRowOf(model: ReadModel, conversation: Conversation): InboxRow {
  const contact = conversation.contact_id ? (model.contacts.get(conversation.contact_id) ?? null) : null;
  return { conversation, contact, ...rowMessages(model.messagesOf(conversation.id), model.pageSize) };
}

export interface InboxContext {
  /** The signed-in agent's unread per thread: needed by the Unread filter. */
  readonly unreadOf?: (conversationId: string) => number;
}

export function inboxListOf(model: ReadModel, query: InboxQuery, ctx: InboxContext = {}): InboxScreenPage {
  const { unreadOf } = ctx;
  const onlyUnread = query.unread === 'true' && unreadOf !== undefined;
  const all = model
    .conversationsNewestFirst()
    .filter((c) => matchesInboxQuery(model, c, query) && (!onlyUnread || unreadOf(c.id) > 0));
  const limit = query.limit ?? DEFAULT_LIMIT;
  const offset = query.offset ?? 0;
  const rows = all.slice(offset, offset + limit).map((c) => inboxRowOf(model, c));
  return { rows, total: all.length, hasMore: offset + rows.length < all.length };
}
