import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadStage } from '@/contract';
import { leadStageKeys, leadStageMutationKeys, replaceLeadStages } from '@/data/lead-stages';
import { call } from '@/lib/api-client';
import { positionPatches } from '@/lib/lead-stages';
import { createPacer } from '@/lib/paced';

/**
 * Saves a new stage order: positions 0..n-1, one PATCH per stage that shifts (the API stores
 * positions as sent), paced and one at a time. The list shows the new order at once; if a PATCH
 * fails the order is re-read from the server and the error says so.
 */
export function useReorderStages() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, LeadStage[]>({
    mutationKey: leadStageMutationKeys.reorder(),
    mutationFn: async (ordered) => {
      // Paced like every bulk job: a rate limit waits and goes on, another error stops the save.
      const pacer = createPacer();
      for (const { id, position } of positionPatches(ordered)) {
        await pacer.run(() => call('leadStages.update', { params: { id }, body: { position } }));
      }
    },
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: leadStageKeys.list() });
      replaceLeadStages(
        queryClient,
        ordered.map((s, position) => ({ ...s, position })),
      );
    },
    // Some PATCHes may have landed: the server's order is read again rather than the old one put back.
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadStageKeys.list() }),
  });
}
