import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadStage, LeadStageCreate, LeadStageUpdate } from '@/contract';
import { callApi } from '@/lib/api-client';
import { sortStages } from '@/lib/lead-stages';
import { LEAD_STAGES_KEY } from '@/lib/lead-stages-query';

/** How many leads hold a status (one row read); the board's keys start with 'leads' too. */
export const stageLeadCountQuery = (key: string) =>
  queryOptions({
    queryKey: ['leads', 'count', { status: key }] as const,
    queryFn: async ({ signal }) =>
      (await callApi('leads.list', { query: { status: key, limit: 1 }, signal })).total,
    staleTime: 30_000,
  });

/** Writes a changed stage into the shared list at once (the board reads the same key), then re-reads. */
function useStageWrite() {
  const queryClient = useQueryClient();
  return {
    put(stage: LeadStage) {
      queryClient.setQueryData<LeadStage[]>(LEAD_STAGES_KEY, (list) =>
        list
          ? sortStages(
              list.some((s) => s.id === stage.id)
                ? list.map((s) => (s.id === stage.id ? stage : s))
                : [...list, stage],
            )
          : list,
      );
    },
    settle: () => queryClient.invalidateQueries({ queryKey: LEAD_STAGES_KEY }),
  };
}

export function useUpdateStage() {
  const write = useStageWrite();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LeadStageUpdate }) =>
      callApi('leadStages.update', { params: { id }, body }),
    onSuccess: (stage, { body }) => {
      write.put(stage);
      // A key change moves which leads match which column: the board re-reads.
      if (body.key !== undefined) void queryClient.invalidateQueries({ queryKey: ['leads'] });
    },
    onSettled: write.settle,
  });
}

export function useCreateStage() {
  const write = useStageWrite();
  return useMutation({
    mutationFn: (body: LeadStageCreate) => callApi('leadStages.create', { body }),
    onSuccess: (stage) => write.put(stage),
    onSettled: write.settle,
  });
}

export function useDeleteStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('leadStages.delete', { params: { id } }),
    onSuccess: (_void, id) =>
      queryClient.setQueryData<LeadStage[]>(LEAD_STAGES_KEY, (list) => list?.filter((s) => s.id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEAD_STAGES_KEY }),
  });
}
