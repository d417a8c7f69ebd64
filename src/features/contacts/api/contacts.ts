import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactCreate, ContactUpdate } from '@/contract';
import { contactKeys, upsertContact } from '@/data/contacts';
import { callApi } from '@/lib/api-client';
import { callUntilKnown, useKeyKeeper } from '@/lib/idempotent-call';

/** Creates a contact; the same form saved again carries the same key, so it is one contact. */
export function useCreateContact() {
  const queryClient = useQueryClient();
  const keys = useKeyKeeper();
  return useMutation({
    mutationFn: (body: ContactCreate) =>
      callUntilKnown(() => callApi('contacts.create', { body, idempotencyKey: keys.keyFor(body) })),
    onSuccess: (contact) => {
      keys.done();
      upsertContact(queryClient, contact);
    },
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
