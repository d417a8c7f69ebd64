import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer } from '@/contract';
import { callApi } from '@/lib/api-client';
import { customerKeys } from './customers';

export const tagsQuery = () =>
  queryOptions({
    queryKey: ['tags', 'list'] as const,
    queryFn: ({ signal }) => callApi('tags.list', { signal }),
    staleTime: 5 * 60_000,
    select: (list) => list.data,
  });

/** Adds tags optimistically: the chips appear at once and go away again if the server refuses. */
export function useAddCustomerTags(customerId: string) {
  const queryClient = useQueryClient();
  const key = customerKeys.detail(customerId);
  return useMutation({
    mutationFn: (tagIds: string[]) =>
      callApi('customers.addTags', { params: { id: customerId }, body: { tagIds } }),
    onMutate: async (tagIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Customer>(key);
      if (previous) {
        const tags = [...(previous.tags ?? [])];
        for (const id of tagIds) if (!tags.includes(id)) tags.push(id);
        queryClient.setQueryData<Customer>(key, { ...previous, tags });
      }
      return { previous };
    },
    onError: (_error, _tagIds, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
      ]),
  });
}
