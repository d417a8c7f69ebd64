import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Activity } from '@/contract';
import { call } from '@/lib/api-client';
import { setLeadFollowUp } from './board';

export const activityKeys = {
  all: ['activities'] as const,
  lead: (leadId: string) => ['activities', 'lead', leadId] as const,
  customer: (customerId: string) => ['activities', 'customer', customerId] as const,
};

/** A lead's activities, newest first (the lead drawer's timeline). */
export const leadActivitiesQuery = (leadId: string) =>
  queryOptions({
    queryKey: activityKeys.lead(leadId),
    queryFn: ({ signal }) => call('activities.byLead', { params: { leadId }, signal }),
    staleTime: 5 * 60_000,
  });

export const customerActivitiesQuery = (customerId: string) =>
  queryOptions({
    queryKey: activityKeys.customer(customerId),
    queryFn: ({ signal }) => call('activities.byCustomer', { params: { customerId }, signal }),
  });

const when = (activity: Activity) => Date.parse(activity.activity_date ?? activity.created_at);

function withActivity(list: Activity[] | undefined, activity: Activity): Activity[] | undefined {
  if (!list || list.some((a) => a.id === activity.id)) return list;
  // Newest first, as the server orders them; an activity dated in the past goes where it belongs.
  return [...list, activity].sort((a, b) => when(b) - when(a));
}

/**
 * A logged activity joins the timelines of the lead and the customer it was logged on; one that asks
 * for a follow-up raises its lead's flag on the board.
 */
export function addActivity(
  queryClient: QueryClient,
  activity: Activity,
  on: { leadId?: string | null | undefined; customerId?: string | null | undefined },
) {
  const leadId = on.leadId ?? activity.lead_id;
  const customerId = on.customerId ?? activity.customer_id;
  if (leadId)
    queryClient.setQueryData<Activity[]>(activityKeys.lead(leadId), (l) => withActivity(l, activity));
  if (leadId && activity.outcome === 'follow_up_needed') setLeadFollowUp(queryClient, leadId, true);
  if (customerId)
    queryClient.setQueryData<Activity[]>(activityKeys.customer(customerId), (l) => withActivity(l, activity));
}
