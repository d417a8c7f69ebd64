import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityCreate } from '@/contract';
import { addActivity } from '@/data/activities';
import { call } from '@/lib/api-client';

/** Logs an activity on the customer; it joins the timeline at once. */
export function useLogActivity(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActivityCreate) => call('activities.create', { body }),
    onSuccess: (activity) => addActivity(queryClient, activity, { customerId }),
  });
}
