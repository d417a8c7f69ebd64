import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadStageCreate, LeadStageUpdate } from '@/contract';
import { leadStageKeys, removeLeadStage, upsertLeadStage } from '@/data/lead-stages';
import { leadKeys } from '@/data/leads';
import { call } from '@/lib/api-client';

// A changed stage shows at once (the board reads the same entry), then the list is read again.

export function useUpdateStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LeadStageUpdate }) =>
      call('leadStages.update', { params: { id }, body }),
    onSuccess: (stage, { body }) => {
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
    mutationFn: (body: LeadStageCreate) => call('leadStages.create', { body }),
    onSuccess: (stage) => upsertLeadStage(queryClient, stage),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadStageKeys.all }),
  });
}

export function useDeleteStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('leadStages.delete', { params: { id } }),
    onSuccess: (_void, id) => removeLeadStage(queryClient, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadStageKeys.all }),
  });
}
