import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactCreate, CustomerCreate, LeadCreate } from '@/contract';
import { call } from '@/lib/api-client';
import { callUntilKnown, useKeyKeeper } from '@/lib/idempotent-call';
import { contactKeys, upsertContact } from './contacts';
import { customerKeys, upsertCustomer } from './customers';
import { leadKeys, upsertLead } from './leads';

// Creating a CRM record, from its own page or from a thread (issue 36.5). The same form saved again
// (a double click, a retry after an unknown outcome) carries the same key, so it is one record.

/** Creates a lead; it shows at the top of its stage's column at once, and the pages re-read. */
export function useCreateLead() {
  const queryClient = useQueryClient();
  const keys = useKeyKeeper();
  return useMutation({
    mutationFn: (body: LeadCreate) =>
      callUntilKnown(() => call('leads.create', { body, idempotencyKey: keys.keyFor(body) })),
    onSuccess: (lead) => {
      keys.done();
      upsertLead(queryClient, lead);
      // It may have joined a filter of the numbered pages.
      return queryClient.invalidateQueries({ queryKey: leadKeys.pages() });
    },
  });
}

/** Creates a contact at a customer; the customer's list re-reads (the server decides the primary). */
export function useCreateContact() {
  const queryClient = useQueryClient();
  const keys = useKeyKeeper();
  return useMutation({
    mutationFn: (body: ContactCreate) =>
      callUntilKnown(() => call('contacts.create', { body, idempotencyKey: keys.keyFor(body) })),
    onSuccess: (contact) => {
      keys.done();
      upsertContact(queryClient, contact);
    },
    onSettled: (_contact, _error, body) =>
      queryClient.invalidateQueries({ queryKey: contactKeys.ofCustomer(body.customer_id) }),
  });
}

/** Creates a customer; the lists re-read. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  const keys = useKeyKeeper();
  return useMutation({
    mutationFn: (body: CustomerCreate) =>
      callUntilKnown(() => call('customers.create', { body, idempotencyKey: keys.keyFor(body) })),
    onSuccess: (customer) => {
      keys.done();
      upsertCustomer(queryClient, customer);
      return queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}
