import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactCreate, ContactUpdate } from '@/contract';
import { contactKeys, upsertContact } from '@/data/contacts';
import { callApi } from '@/lib/api-client';

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactCreate) => callApi('contacts.create', { body }),
    onSuccess: (contact) => upsertContact(queryClient, contact),
    // The server decides which contact is primary: its list is read again.
    onSettled: (_contact, _error, body) =>
      queryClient.invalidateQueries({ queryKey: contactKeys.ofCustomer(body.customer_id) }),
  });
}

export function useUpdateContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactUpdate) => callApi('contacts.update', { params: { id }, body }),
    onSuccess: (contact) => {
      upsertContact(queryClient, contact);
      return queryClient.invalidateQueries({ queryKey: contactKeys.ofCustomer(contact.customer_id) });
    },
  });
}
