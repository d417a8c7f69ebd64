import { useQueries } from '@tanstack/react-query';
import type { Contact, Conversation } from '@/contract';
import { conversationSearchQuery } from '@/data/conversations';
import { contactName, messageTarget } from '../phone-digits';

/**
 * The threads of a contact. The conversation list has no contact filter (decisions.md), so it is
 * searched by the contact's number and by their name (the upstream's search covers the thread id,
 * which is the number on the primary platform, and the contact's name), and only threads whose
 * `contact_id` is this contact are kept, plus unlinked threads with this exact number.
 */
export function useContactThreads(contact: Contact) {
  return useQueries({
    queries: contactSearchTerms(contact).map((term) => conversationSearchQuery(term, 100)),
    combine: (results) => ({
      isPending: results.some((r) => r.isPending),
      isError: results.some((r) => r.isError),
      threads: results.every((r) => r.data)
        ? threadsOfContact(
            contact,
            results.flatMap((r) => r.data?.data ?? []),
          )
        : undefined,
    }),
  });
}

/** What the list is searched for: the number (E.164 digits) and the name, whichever exist. */
export function contactSearchTerms(contact: Contact): string[] {
  const terms = [messageTarget(contact)?.to, contactName(contact)].filter(
    (term): term is string => typeof term === 'string' && term.trim() !== '',
  );
  return [...new Set(terms)];
}

const digitsOf = (value: string) => value.replace(/@.*$/, '').replace(/\D/g, '');

/** The threads found that belong to this contact, each once, newest first. */
export function threadsOfContact(contact: Contact, found: readonly Conversation[]): Conversation[] {
  const number = messageTarget(contact)?.to ?? null;
  const seen = new Set<string>();
  const out: Conversation[] = [];
  for (const thread of found) {
    if (seen.has(thread.id)) continue;
    const linked = thread.contact_id === contact.id;
    const sameNumber =
      !thread.contact_id &&
      !thread.is_group &&
      number !== null &&
      digitsOf(thread.external_thread_id) === number;
    if (!linked && !sameNumber) continue;
    seen.add(thread.id);
    out.push(thread);
  }
  return out.sort((a, b) => (b.last_message_at ?? '').localeCompare(a.last_message_at ?? ''));
}

/** Where "Message" goes: the newest open thread, else the newest thread, else none. */
export function threadToOpen(threads: readonly Conversation[]): Conversation | null {
  return threads.find((t) => t.status === 'open') ?? threads[0] ?? null;
}
