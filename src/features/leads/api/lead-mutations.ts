import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityCreate, LeadUpdate } from '@/contract';
import { addActivity } from '@/data/activities';
import { leadKeys, leadMutationKeys, upsertLead } from '@/data/leads';
import { call } from '@/lib/api-client';

/** After a lead changed, the numbered pages re-read (it may have joined or left a filter). */
const settleLists = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: leadKeys.pages() });

export function useUpdateLead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: leadMutationKeys.update(id),
    mutationFn: (body: LeadUpdate) => call('leads.update', { params: { id }, body }),
    onSuccess: (lead) => {
      upsertLead(queryClient, lead);
      return settleLists(queryClient);
    },
  });
}

export function useReassignLead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: leadMutationKeys.reassign(id),
    mutationFn: (userId: string) =>
      call('leads.reassign', { params: { id }, body: { assigned_to_user_id: userId } }),
    onSuccess: (lead) => {
      upsertLead(queryClient, lead);
      return settleLists(queryClient);
    },
  });
}

export function useLogActivity(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['activities', 'create', leadId],
    mutationFn: (body: ActivityCreate) => call('activities.create', { body }),
    onSuccess: (activity) => addActivity(queryClient, activity, { leadId }),
  });
}
