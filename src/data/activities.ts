import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Activity } from '@/contract';
import { callApi } from '@/lib/api-client';

export const activityKeys = {
  all: ['activities'] as const,
  lead: (leadId: string) => ['activities', 'lead', leadId] as const,
  customer: (customerId: string) => ['activities', 'customer', customerId] as const,
};

/**
 * A lead's activities, newest first. The board's follow-up badge reads this per visible card: the
 * API has no follow-up filter, so a board costs one call per card rendered (virtualised: about a
 * dozen per column on screen), each cached for five minutes.
 */
export const leadActivitiesQuery = (leadId: string) =>
  queryOptions({
    queryKey: activityKeys.lead(leadId),
    queryFn: ({ signal }) => callApi('activities.byLead', { params: { leadId }, signal }),
    staleTime: 5 * 60_000,
  });

export const customerActivitiesQuery = (customerId: string) =>
  queryOptions({
    queryKey: activityKeys.customer(customerId),
    queryFn: ({ signal }) => callApi('activities.byCustomer', { params: { customerId }, signal }),
  });

const when = (activity: Activity) => Date.parse(activity.activity_date ?? activity.created_at);

function withActivity(list: Activity[] | undefined, activity: Activity): Activity[] | undefined {
  if (!list || list.some((a) => a.id === activity.id)) return list;
  // Newest first, as the server orders them; an activity dated in the past goes where it belongs.
  return [...list, activity].sort((a, b) => when(b) - when(a));
}

/** A logged activity joins the timelines of the lead and the customer it was logged on. */
export function addActivity(
  queryClient: QueryClient,
  activity: Activity,
  on: { leadId?: string | null | undefined; customerId?: string | null | undefined },
) {
  const leadId = on.leadId ?? activity.lead_id;
  const customerId = on.customerId ?? activity.customer_id;
  if (leadId)
    queryClient.setQueryData<Activity[]>(activityKeys.lead(leadId), (l) => withActivity(l, activity));
  if (customerId)
    queryClient.setQueryData<Activity[]>(activityKeys.customer(customerId), (l) => withActivity(l, activity));
}
