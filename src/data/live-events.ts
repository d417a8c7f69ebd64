import type { QueryClient } from '@tanstack/react-query';
import {
  rowMessages,
  type Contact,
  type Conversation,
  type InboxRow,
  type Lead,
  type LiveEvent,
  type Message,
} from '@/contract';
import { addActivity } from './activities';
import { addAuthors } from './authors';
import { setLeadFollowUp } from './board';
import { replaceChannels } from './channels';
import { removeContact, upsertContact } from './contacts';
import { placeConversation } from './conversation-lists';
import { contactKeys } from './contacts';
import {
  conversationKeys,
  heldConversation,
  mapListRows,
  type ConversationFilters,
  type ConversationPages,
} from './conversations';
import { removeCustomer, upsertCustomer } from './customers';
import { leadStageMutationKeys, replaceLeadStages } from './lead-stages';
import { leadKeys, removeLead, upsertLead } from './leads';
import { heldMessage, messageKeys, newestMessagesQuery, upsertMessages } from './messages';
import { replaceQuickReplies } from './quick-replies';
import { refreshRecordScreens } from './record-screens';
import { replaceTags } from './tags';
import { replaceTemplates } from './templates';
import { countArrived, refreshUnread } from './unread';
import { addNote, refreshMentions } from './notes';
import { onReminderDue } from './reminders';
import { placeScheduled } from './scheduled';
import { applyPresence } from './presence';
import { setBulkRun } from './bulk';
import { onAvailabilityChanged } from './availability';
import { onThreadLabels, replaceLabels } from './labels';
import { onThreadsChanged, refreshViews } from './saved-views';
import { onSlaBreached, onSlaChanged } from './sla';
import { onAssignmentChanged } from './assignment';

// The live stream's events written into the caches, through the same writers every mutation uses,
// so a change another agent made (or the sync read) lands exactly as this tab's own would. Nothing
// here reads the upstream, except a list the browser cannot place by itself (a search).

const newer = (held: { updated_at: string } | undefined, incoming: { updated_at: string }) =>
  !held || Date.parse(incoming.updated_at) >= Date.parse(held.updated_at);

/**
 * A record with a write of this tab still in flight (its id in the mutation's key, as
 * `['leads', 'update', id]`): that write's answer decides, not an event read before it landed.
 */
const writing = (queryClient: QueryClient, prefix: string, id: string) =>
  queryClient.isMutating({
    predicate: (mutation) => {
      const key = mutation.options.mutationKey;
      return key?.[0] === prefix && key.includes(id);
    },
  }) > 0;

function onConversation(queryClient: QueryClient, conversation: Conversation) {
  if (writing(queryClient, 'conversations', conversation.id)) return;
  if (!newer(heldConversation(queryClient, conversation.id), conversation)) return;
  queryClient.setQueryData<Conversation>(conversationKeys.detail(conversation.id), (held) =>
    held ? conversation : held,
  );
  for (const [key, data] of queryClient.getQueriesData<ConversationPages>({
    queryKey: conversationKeys.lists(),
  })) {
    if (!data) continue;
    const filters = (key[2] ?? {}) as ConversationFilters;
    const placed = placeConversation(data, filters, conversation, (c) => newRow(queryClient, c));
    if (placed.kind === 'placed') queryClient.setQueryData(key, placed.data);
    else void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

/**
 * A row for a thread the list did not hold (new, or newly under its filters): its contact if this
 * tab has it, and its messages to come on the stream (the sync reads a changed thread's page in the
 * same cycle), so the row asks nothing itself.
 */
function newRow(queryClient: QueryClient, conversation: Conversation): InboxRow {
  const contact = conversation.contact_id
    ? (queryClient.getQueryData<Contact>(contactKeys.detail(conversation.contact_id)) ?? null)
    : null;
  return { conversation, contact, messages: [], hasOlder: true, loaded: true };
}

function onConversationRemoved(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<ConversationPages>({ queryKey: conversationKeys.lists() }, (data) =>
    data?.pages.some((page) => page.rows.some((r) => r.conversation.id === id))
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            rows: page.rows.filter((r) => r.conversation.id !== id),
            total: Math.max(0, page.total - 1),
          })),
        }
      : data,
  );
}

/** A row's newest and newest inbound message after new or changed ones arrived (the contract's rule). */
export function rowWithMessages(row: InboxRow, messages: readonly Message[]): InboxRow {
  const byId = new Map(row.messages.map((m) => [m.id, m]));
  for (const m of messages) byId.set(m.id, m);
  const kept = rowMessages(byId.values());
  return { ...row, messages: kept.messages, hasOlder: row.hasOlder && !kept.hasInbound };
}

function onMessages(queryClient: QueryClient, conversationId: string, messages: readonly Message[]) {
  upsertMessages(queryClient, conversationId, messages);
  mapListRows(queryClient, (row) =>
    row.conversation.id === conversationId ? rowWithMessages(row, messages) : row,
  );
}

function onContact(queryClient: QueryClient, contact: Contact) {
  upsertContact(queryClient, contact);
  mapListRows(queryClient, (row) => (row.conversation.contact_id === contact.id ? { ...row, contact } : row));
}

function onLead(queryClient: QueryClient, lead: Lead) {
  if (writing(queryClient, 'leads', lead.id)) return;
  if (!newer(queryClient.getQueryData<Lead>(leadKeys.detail(lead.id)), lead)) return;
  upsertLead(queryClient, lead);
}

/** Refetches what is on screen (after a gap the stream cannot replay, or a reconnect). */
export const refetchOnScreen = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ refetchType: 'active' });

/** Events that change what a customer's or a contact's page shows around the record. */
const RECORD_PAGE_EVENTS: ReadonlySet<LiveEvent['type']> = new Set([
  'conversation.upserted',
  'conversation.removed',
  'lead.upserted',
  'lead.removed',
  'customer.upserted',
  'customer.removed',
  'contact.upserted',
  'contact.removed',
]);

/** Applies one event; the upstream's state and resyncs are the connection's to show and act on. */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  if (RECORD_PAGE_EVENTS.has(event.type)) refreshRecordScreens(queryClient);
  switch (event.type) {
    case 'conversation.upserted':
      onThreadsChanged(queryClient);
      return onConversation(queryClient, event.conversation);
    case 'conversation.removed':
      onThreadsChanged(queryClient);
      return onConversationRemoved(queryClient, event.id);
    case 'messages.upserted':
      if (event.gap) {
        void queryClient.invalidateQueries({ queryKey: messageKeys.thread(event.conversationId) });
        return;
      }
      countArrived(
        queryClient,
        event.conversationId,
        event.messages,
        heldMessage(queryClient, event.conversationId),
      );
      return onMessages(queryClient, event.conversationId, event.messages);
    case 'messages.authored':
      return addAuthors(queryClient, event.conversationId, event.authors);
    case 'lead.upserted':
      return onLead(queryClient, event.lead);
    case 'lead.removed':
      return removeLead(queryClient, event.id);
    case 'lead.followUp':
      return setLeadFollowUp(queryClient, event.id, event.followUp);
    case 'leadStages.replaced':
      // A stage write in flight settles by reading the list again; an echo before it could undo a reorder.
      if (queryClient.isMutating({ mutationKey: leadStageMutationKeys.all }) > 0) return;
      return replaceLeadStages(queryClient, event.stages);
    case 'customer.upserted':
      return upsertCustomer(queryClient, event.customer);
    case 'customer.removed':
      return removeCustomer(queryClient, event.id);
    case 'contact.upserted':
      return onContact(queryClient, event.contact);
    case 'contact.removed':
      return removeContact(queryClient, event.id);
    case 'tags.replaced':
      return replaceTags(queryClient, event.tags);
    case 'quickReplies.replaced':
      return replaceQuickReplies(queryClient, event.quickReplies);
    case 'channels.replaced':
      return replaceChannels(queryClient, event.channels);
    case 'templates.replaced':
      return replaceTemplates(queryClient, event.channelId, event.templates);
    case 'activity.created':
      return addActivity(queryClient, event.activity, { leadId: event.leadId, customerId: event.customerId });
    case 'readState.changed':
      return refreshUnread(queryClient);
    case 'note.created':
      return addNote(queryClient, event.note);
    case 'scheduled.changed':
      return placeScheduled(queryClient, event.scheduled);
    case 'mention.created':
      return refreshMentions(queryClient);
    case 'reminder.due':
      return onReminderDue(queryClient, event.reminder);
    case 'presence.changed':
      return applyPresence(queryClient, event);
    case 'bulk.progress':
      return setBulkRun(queryClient, event.run);
    case 'availability.changed':
      return onAvailabilityChanged(queryClient, event);
    case 'labels.replaced':
      return replaceLabels(queryClient, event.labels);
    case 'conversation.labels':
      onThreadsChanged(queryClient);
      return onThreadLabels(queryClient, event);
    case 'views.changed':
      return refreshViews(queryClient);
    case 'sla.changed':
      return onSlaChanged(queryClient, event);
    case 'sla.breached':
      return onSlaBreached(queryClient, event);
    case 'assignment.changed':
      return onAssignmentChanged(queryClient, event);
    case 'resync':
      void refetchOnScreen(queryClient);
      return;
    case 'upstream.status':
      return;
    default:
      // A new event type must be handled here: the build fails until it is.
      return event satisfies never;
  }
}

/**
 * While the stream is down: the threads on screen are read again, and each open thread's newest
 * page (not every page it has loaded).
 */
export function pollOnScreen(queryClient: QueryClient): Promise<unknown> {
  const threads = queryClient
    .getQueryCache()
    .findAll({ queryKey: messageKeys.all, type: 'active' })
    .map((query) => query.queryKey)
    .filter((key) => key.length === messageKeys.thread('').length && key[1] === 'thread')
    .map((key) => String(key[2]));
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationKeys.all, refetchType: 'active' }),
    ...threads.map((id) => queryClient.fetchQuery(newestMessagesQuery(id)).catch(() => undefined)),
  ]);
}
