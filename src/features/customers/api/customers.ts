import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerUpdate } from '@/contract';
import { restoreSnapshot, takeSnapshot, type CacheSnapshot } from '@/data/cache-snapshot';
import { customerKeys, upsertCustomer } from '@/data/customers';
import { call } from '@/lib/api-client';

/** Saves the details form; the server's record wins, and the lists re-read (it may leave a filter). */
export function useUpdateCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerUpdate) => call('customers.update', { params: { id }, body }),
    onSuccess: (customer: Customer) => upsertCustomer(queryClient, customer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
  });
}

/** Adds tags optimistically: the chips appear at once and go away again if the server refuses. */
export function useAddCustomerTags(customerId: string) {
  const queryClient = useQueryClient();
  const key = customerKeys.detail(customerId);
  return useMutation<unknown, Error, string[], { snapshot: CacheSnapshot }>({
    mutationFn: (tagIds) => call('customers.addTags', { params: { id: customerId }, body: { tagIds } }),
    onMutate: async (tagIds) => {
      const snapshot = await takeSnapshot(queryClient, customerKeys.all, [key]);
      const previous = queryClient.getQueryData<Customer>(key);
      if (previous) {
        const tags = [...(previous.tags ?? [])];
        for (const id of tagIds) if (!tags.includes(id)) tags.push(id);
        upsertCustomer(queryClient, { ...previous, tags });
      }
      return { snapshot };
    },
    onError: (_error, _tagIds, context) => restoreSnapshot(queryClient, context?.snapshot),
    // The answer is a confirmation, not the record: read the customer again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
      ]),
  });
}
