import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import type { Contact, Customer } from '@/contract';
import { call } from '@/lib/api-client';

export const contactKeys = {
  all: ['contacts'] as const,
  details: () => ['contacts', 'detail'] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
  ofCustomers: () => ['contacts', 'customer'] as const,
  ofCustomer: (customerId: string) => ['contacts', 'customer', customerId] as const,
  /** The contact a thread nobody linked is with, by its number, and their customer (issue 36.5). */
  onThread: (conversationId: string) => ['contacts', 'on-thread', conversationId] as const,
};

/** Who an unlinked thread is with, found by its number: the thread screen brings it, a create sets it. */
export interface ThreadContact {
  readonly contact: Contact;
  readonly customer: Customer | null;
}

/** Who an unlinked thread is with, as held: nothing is read for it (setThreadContact writes it). */
export const threadContactQuery = (conversationId: string) =>
  queryOptions<ThreadContact | null>({
    queryKey: contactKeys.onThread(conversationId),
    queryFn: skipToken,
    staleTime: Infinity,
  });

/** A CRM contact; thread rows and the inbox's context panel read it for the name too. */
export const contactQuery = (id: string) =>
  queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => call('contacts.get', { params: { id }, signal }),
    staleTime: 5 * 60_000,
  });

/** A customer's contacts, primary first (the server's order). */
export const customerContactsQuery = (customerId: string) =>
  queryOptions({
    queryKey: contactKeys.ofCustomer(customerId),
    queryFn: ({ signal }) => call('contacts.byCustomer', { params: { customerId }, signal }),
  });

/** Primary first, otherwise the order held (stable). */
const primaryFirst = (list: Contact[]) =>
  [...list].sort((a, b) => Number(Boolean(b.is_primary)) - Number(Boolean(a.is_primary)));

/**
 * A created or changed contact: its detail and its customer's list (where a new primary contact
 * demotes the one before it, as the server does).
 */
export function upsertContact(queryClient: QueryClient, contact: Contact) {
  queryClient.setQueryData<Contact>(contactKeys.detail(contact.id), contact);
  queryClient.setQueryData<Contact[]>(contactKeys.ofCustomer(contact.customer_id), (list) => {
    if (!list) return list;
    const others = list
      .filter((c) => c.id !== contact.id)
      .map((c) => (contact.is_primary && c.is_primary ? { ...c, is_primary: false } : c));
    const at = list.findIndex((c) => c.id === contact.id);
    const next = at === -1 ? [...others, contact] : [...others.slice(0, at), contact, ...others.slice(at)];
    return primaryFirst(next);
  });
}

export function removeContact(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: contactKeys.detail(id), exact: true });
  queryClient.setQueriesData<Contact[]>({ queryKey: contactKeys.ofCustomers() }, (list) =>
    list?.some((c) => c.id === id) ? list.filter((c) => c.id !== id) : list,
  );
}
