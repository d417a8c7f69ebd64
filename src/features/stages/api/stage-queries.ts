import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadStageCreate, LeadStageUpdate } from '@/contract';
import { leadStageKeys, leadStageMutationKeys, removeLeadStage, upsertLeadStage } from '@/data/lead-stages';
import { leadKeys } from '@/data/leads';
import { call } from '@/lib/api-client';

// A changed stage shows at once (the board reads the same entry), then the list is read again.

/** Saves changes to one stage (each editor holds its own). */
export function useUpdateStage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: leadStageMutationKeys.update(id),
    mutationFn: (body: LeadStageUpdate) => call('leadStages.update', { params: { id }, body }),
    onSuccess: (stage, body) => {
      upsertLeadStage(queryClient, stage);
      // A key change moves which leads match which column: the board re-reads.
      if (body.key !== undefined) void queryClient.invalidateQueries({ queryKey: leadKeys.all });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadStageKeys.all }),
  });
}

export function useCreateStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: leadStageMutationKeys.create(),
    mutationFn: (body: LeadStageCreate) => call('leadStages.create', { body }),
    onSuccess: (stage) => upsertLeadStage(queryClient, stage),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadStageKeys.all }),
  });
}

/** Deletes one stage (each delete button holds its own). */
export function useDeleteStage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: leadStageMutationKeys.delete(id),
    mutationFn: () => call('leadStages.delete', { params: { id } }),
    onSuccess: () => removeLeadStage(queryClient, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadStageKeys.all }),
  });
}
