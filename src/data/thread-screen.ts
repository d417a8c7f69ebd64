import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ThreadScreen } from '@/contract';
import { call } from '@/lib/api-client';
import { addAuthors } from './authors';
import { contactKeys, threadContactQuery, type ThreadContact } from './contacts';
import { conversationKeys, writtenSince } from './conversations';
import { customerKeys } from './customers';
import { labelKeys } from './labels';
import { leadKeys } from './leads';
import { mergeNewestPage, messageKeys, type MessagesData } from './messages';
import { noteKeys } from './notes';
import { screenRetry } from './screen-loading';
import { setThreadSla } from './sla';

// An open thread in one BFF screen read: the conversation, its newest messages and the records of
// the context panel arrive together and are written into their own caches, so the screen's parts
// read them where they always have, without a call each.

export const threadScreenKeys = {
  all: ['screens', 'thread'] as const,
  thread: (id: string) => ['screens', 'thread', id] as const,
};

export const threadScreenQuery = (id: string) =>
  queryOptions({
    queryKey: threadScreenKeys.thread(id),
    queryFn: ({ signal }) => call('screens.thread', { query: { id }, signal }),
    // The caches it fills are what screens read; the live stream keeps them current.
    staleTime: 0,
    gcTime: 0,
    ...screenRetry,
  });

/**
 * Writes a thread screen into the caches of what it holds (a thread's older pages stay). `since`:
 * when its read began; a thread written after that (an answer, an event) keeps the newer copy.
 */
export function seedThreadScreen(queryClient: QueryClient, screen: ThreadScreen, since = -Infinity): void {
  const { conversation } = screen;
  if (!writtenSince(queryClient, conversation.id, since))
    queryClient.setQueryData(conversationKeys.detail(conversation.id), conversation);
  if (screen.messages) {
    const page = screen.messages;
    queryClient.setQueryData<MessagesData>(messageKeys.thread(conversation.id), (held) =>
      mergeNewestPage(held, page),
    );
  }
  if (screen.contact) queryClient.setQueryData(contactKeys.detail(screen.contact.id), screen.contact);
  if (screen.byNumber !== undefined) setThreadContact(queryClient, conversation.id, screen.byNumber);
  if (screen.customer) queryClient.setQueryData(customerKeys.detail(screen.customer.id), screen.customer);
  if (screen.lead) queryClient.setQueryData(leadKeys.detail(screen.lead.id), screen.lead);
  if (screen.notes) queryClient.setQueryData(noteKeys.thread(conversation.id), screen.notes);
  if (screen.labelIds) queryClient.setQueryData(labelKeys.thread(conversation.id), screen.labelIds);
  if (screen.sla !== undefined) setThreadSla(queryClient, conversation.id, screen.sla);
  addAuthors(queryClient, conversation.id, screen.authors);
}

/** The thread route's read: one call, then only what the BFF did not hold yet. */
export async function loadThreadScreen(queryClient: QueryClient, id: string): Promise<ThreadScreen> {
  const since = performance.now();
  const screen = await queryClient.fetchQuery(threadScreenQuery(id));
  seedThreadScreen(queryClient, screen, since);
  return screen;
}

/** Who an unlinked thread is with (null: nobody in the CRM), with their records in their caches. */
export function setThreadContact(
  queryClient: QueryClient,
  conversationId: string,
  found: ThreadContact | null,
): void {
  queryClient.setQueryData(threadContactQuery(conversationId).queryKey, found);
  if (!found) return;
  queryClient.setQueryData(contactKeys.detail(found.contact.id), found.contact);
  if (found.customer) queryClient.setQueryData(customerKeys.detail(found.customer.id), found.customer);
}
