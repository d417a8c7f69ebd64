import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ContactScreen, CustomerScreen } from '@/contract';
import { call } from '@/lib/api-client';
import { contactKeys } from './contacts';
import { customerKeys } from './customers';
import { screenRetry } from './screen-loading';

// A customer's page and a contact's page, each in one BFF screen read: the record and its contacts
// are written into their own caches (where forms and other screens read them); the threads and
// leads around the record are read from the screen's entry, which the live stream refreshes.

export const recordScreenKeys = {
  customers: ['screens', 'customer'] as const,
  customer: (id: string) => ['screens', 'customer', id] as const,
  contacts: ['screens', 'contact'] as const,
  contact: (id: string) => ['screens', 'contact', id] as const,
};

export const customerScreenQuery = (id: string) =>
  queryOptions({
    queryKey: recordScreenKeys.customer(id),
    queryFn: ({ signal }) => call('screens.customer', { query: { id }, signal }),
    // The live stream refreshes it; a re-read costs the upstream nothing.
    staleTime: 30_000,
    ...screenRetry,
  });

export const contactScreenQuery = (id: string) =>
  queryOptions({
    queryKey: recordScreenKeys.contact(id),
    queryFn: ({ signal }) => call('screens.contact', { query: { id }, signal }),
    staleTime: 30_000,
    ...screenRetry,
  });

/**
 * Writes a record the screen brought into its own cache, unless that cache was written after the
 * screen was read (an edit saved since, a live event): the newer write stays.
 */
function seed(queryClient: QueryClient, key: QueryKey, value: unknown, readAt: number): void {
  const held = queryClient.getQueryState(key);
  if (held?.data !== undefined && held.dataUpdatedAt > readAt) return;
  queryClient.setQueryData(key, value, { updatedAt: readAt });
}

const readAt = (queryClient: QueryClient, key: QueryKey): number =>
  queryClient.getQueryState(key)?.dataUpdatedAt ?? Date.now();

/** The customer route's read: one call, its records written where the page's parts read them. */
export async function loadCustomerScreen(queryClient: QueryClient, id: string): Promise<CustomerScreen> {
  const screen = await queryClient.fetchQuery(customerScreenQuery(id));
  const at = readAt(queryClient, recordScreenKeys.customer(id));
  seed(queryClient, customerKeys.detail(screen.customer.id), screen.customer, at);
  seed(queryClient, contactKeys.ofCustomer(screen.customer.id), screen.contacts, at);
  for (const contact of screen.contacts) seed(queryClient, contactKeys.detail(contact.id), contact, at);
  return screen;
}

export async function loadContactScreen(queryClient: QueryClient, id: string): Promise<ContactScreen> {
  const screen = await queryClient.fetchQuery(contactScreenQuery(id));
  const at = readAt(queryClient, recordScreenKeys.contact(id));
  seed(queryClient, contactKeys.detail(screen.contact.id), screen.contact, at);
  if (screen.customer) seed(queryClient, customerKeys.detail(screen.customer.id), screen.customer, at);
  return screen;
}

/**
 * A thread, lead, contact or customer changed: the record pages on screen read their screen again
 * (from the BFF's model, no upstream call). A read already on its way is kept, so a burst of events
 * costs one read, not one per event.
 */
export function refreshRecordScreens(queryClient: QueryClient): void {
  for (const queryKey of [recordScreenKeys.customers, recordScreenKeys.contacts]) {
    void queryClient.invalidateQueries({ queryKey, refetchType: 'active' }, { cancelRefetch: false });
  }
}
