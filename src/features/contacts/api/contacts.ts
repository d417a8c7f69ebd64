import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactCreate, ContactUpdate } from '@/contract';
import { callApi } from '@/lib/api-client';

export const contactKeys = {
  all: ['contacts'] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
  ofCustomer: (customerId: string) => ['contacts', 'customer', customerId] as const,
};

export const contactQuery = (id: string) =>
  queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => callApi('contacts.get', { params: { id }, signal }),
  });

/** A customer's contacts, primary first (the server's order). */
export const customerContactsQuery = (customerId: string) =>
  queryOptions({
    queryKey: contactKeys.ofCustomer(customerId),
    queryFn: ({ signal }) => callApi('contacts.byCustomer', { params: { customerId }, signal }),
  });

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactCreate) => callApi('contacts.create', { body }),
    onSuccess: (contact: Contact) => queryClient.setQueryData(contactKeys.detail(contact.id), contact),
    // A new primary contact demotes the old one: the whole list is read again.
    onSettled: (_contact, _error, body) =>
      queryClient.invalidateQueries({ queryKey: contactKeys.ofCustomer(body.customer_id) }),
  });
}

export function useUpdateContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactUpdate) => callApi('contacts.update', { params: { id }, body }),
    onSuccess: (contact: Contact) => {
      queryClient.setQueryData(contactKeys.detail(id), contact);
      return queryClient.invalidateQueries({ queryKey: contactKeys.ofCustomer(contact.customer_id) });
    },
  });
}

/**
 * The workspace's tags for the contact form. Same key and fetch as the customers feature's tag
 * query, so both read one cache entry.
 */
export const contactTagsQuery = () =>
  queryOptions({
    queryKey: ['tags', 'list'] as const,
    queryFn: ({ signal }) => callApi('tags.list', { signal }),
    staleTime: 5 * 60_000,
    select: (list) => list.data,
  });
