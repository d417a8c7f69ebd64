import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityCreate } from '@/contract';
import { callApi } from '@/lib/api-client';

export const activityKeys = {
  customer: (customerId: string) => ['activities', 'customer', customerId] as const,
};

export const customerActivitiesQuery = (customerId: string) =>
  queryOptions({
    queryKey: activityKeys.customer(customerId),
    queryFn: ({ signal }) => callApi('activities.byCustomer', { params: { customerId }, signal }),
  });

/** Logs an activity on the customer; the timeline is read again so the server's order wins. */
export function useLogActivity(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActivityCreate) => callApi('activities.create', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: activityKeys.customer(customerId) }),
  });
}
