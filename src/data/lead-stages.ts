import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { LeadStage } from '@/contract';
import { call } from '@/lib/api-client';
import { sortStages } from '@/lib/lead-stages';

// The board, the stage settings, the lead drawer and the inbox's context panel read this one entry,
// so a change made in the settings shows everywhere at once.
export const leadStageKeys = {
  all: ['lead-stages'] as const,
  list: () => ['lead-stages', 'list'] as const,
};

/** Mutation keys carry their stage, general to specific, so a live echo is matched by key; any
 *  stage write in flight is `isMutating({ mutationKey: leadStageMutationKeys.all })`. */
export const leadStageMutationKeys = {
  all: ['lead-stages'] as const,
  create: () => ['lead-stages', 'create'] as const,
  update: (id: string) => ['lead-stages', 'update', id] as const,
  delete: (id: string) => ['lead-stages', 'delete', id] as const,
  reorder: () => ['lead-stages', 'reorder'] as const,
};

export const leadStagesQuery = () =>
  queryOptions({
    queryKey: leadStageKeys.list(),
    queryFn: async ({ signal }) => sortStages(await call('leadStages.list', { signal })),
    staleTime: 60_000,
  });

/** The whole stage list (a reorder, or the live stream's copy), kept in board order. */
export function replaceLeadStages(queryClient: QueryClient, stages: readonly LeadStage[]) {
  queryClient.setQueryData<LeadStage[]>(leadStageKeys.list(), sortStages(stages));
}

export function upsertLeadStage(queryClient: QueryClient, stage: LeadStage) {
  queryClient.setQueryData<LeadStage[]>(leadStageKeys.list(), (list) =>
    list ? sortStages([...list.filter((s) => s.id !== stage.id), stage]) : list,
  );
}

export function removeLeadStage(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<LeadStage[]>(leadStageKeys.list(), (list) => list?.filter((s) => s.id !== id));
}
