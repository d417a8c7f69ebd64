import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactUpdate } from '@/contract';
import { contactKeys, upsertContact } from '@/data/contacts';
import { call } from '@/lib/api-client';

export function useUpdateContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactUpdate) => call('contacts.update', { params: { id }, body }),
    onSuccess: (contact) => {
      upsertContact(queryClient, contact);
      return queryClient.invalidateQueries({ queryKey: contactKeys.ofCustomer(contact.customer_id) });
    },
  });
}
