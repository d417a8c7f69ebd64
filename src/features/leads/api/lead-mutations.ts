import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityCreate, Lead, LeadCreate, LeadUpdate } from '@/contract';
import { callApi } from '@/lib/api-client';
import {
  insertLead,
  matchesFilters,
  replaceLead,
  type ColumnData,
  type ColumnFilters,
} from '../model/column-cache';
import { leadKeys } from './lead-queries';

const filtersOf = (key: readonly unknown[]): ColumnFilters => {
  const last = key[key.length - 1];
  return typeof last === 'object' && last !== null ? (last as ColumnFilters) : {};
};

/** Creates a lead; it shows at the top of its stage's column at once. */
export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadCreate) => callApi('leads.create', { body }),
    onSuccess: async (lead) => {
      for (const [key, data] of queryClient.getQueriesData<ColumnData>({
        queryKey: leadKeys.column(lead.status),
      })) {
        if (data && matchesFilters(lead, filtersOf(key)))
          queryClient.setQueryData(key, insertLead(data, lead));
      }
      queryClient.setQueryData(leadKeys.detail(lead.id), lead);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.column(lead.status), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: leadKeys.count() }),
        queryClient.invalidateQueries({ queryKey: leadKeys.lists() }),
      ]);
    },
  });
}

/** Writes the server's version of a lead into every cache that shows it. */
function useReconcileLead() {
  const queryClient = useQueryClient();
  return async (lead: Lead, previous: Lead | undefined) => {
    queryClient.setQueryData(leadKeys.detail(lead.id), lead);
    if (previous && previous.status !== lead.status) {
      // A stage change from the drawer: let both columns re-read.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.column(previous.status) }),
        queryClient.invalidateQueries({ queryKey: leadKeys.column(lead.status) }),
        queryClient.invalidateQueries({ queryKey: leadKeys.unmatched() }),
      ]);
    } else {
      queryClient.setQueriesData<ColumnData>({ queryKey: leadKeys.columns() }, (data) =>
        data ? replaceLead(data, lead) : data,
      );
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: leadKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: leadKeys.count() }),
    ]);
  };
}

export function useUpdateLead(id: string) {
  const queryClient = useQueryClient();
  const reconcile = useReconcileLead();
  return useMutation({
    mutationFn: (body: LeadUpdate) => callApi('leads.update', { params: { id }, body }),
    onSuccess: (lead) => reconcile(lead, queryClient.getQueryData<Lead>(leadKeys.detail(id))),
  });
}

export function useReassignLead(id: string) {
  const queryClient = useQueryClient();
  const reconcile = useReconcileLead();
  return useMutation({
    mutationFn: (userId: string) =>
      callApi('leads.reassign', { params: { id }, body: { assigned_to_user_id: userId } }),
    onSuccess: (lead) => reconcile(lead, queryClient.getQueryData<Lead>(leadKeys.detail(id))),
  });
}

export function useLogActivity(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ActivityCreate, 'lead_id' | 'customer_id'>) =>
      callApi('activities.create', { body: { ...body, lead_id: leadId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.activities(leadId) }),
  });
}
