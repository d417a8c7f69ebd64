import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadStage } from '@/contract';
import { callApi } from '@/lib/api-client';
import { positionPatches } from '@/lib/lead-stages';
import { LEAD_STAGES_KEY } from '@/lib/lead-stages-query';

/**
 * Saves a new stage order: positions 0..n-1, one PATCH per stage that shifts (the API stores
 * positions as sent). The list shows the new order at once; if any PATCH fails the order is
 * re-read from the server and the error says so.
 */
export function useReorderStages() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, LeadStage[], { previous: LeadStage[] | undefined }>({
    mutationKey: ['lead-stages', 'reorder'],
    mutationFn: async (ordered) => {
      const results = await Promise.allSettled(
        positionPatches(ordered).map(({ id, position }) =>
          callApi('leadStages.update', { params: { id }, body: { position } }),
        ),
      );
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed.length) {
        const first: unknown = failed[0]?.reason;
        throw first instanceof Error ? first : new Error(`${failed.length} stages could not be moved`);
      }
    },
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: LEAD_STAGES_KEY, exact: true });
      const previous = queryClient.getQueryData<LeadStage[]>(LEAD_STAGES_KEY);
      queryClient.setQueryData<LeadStage[]>(
        LEAD_STAGES_KEY,
        ordered.map((s, position) => ({ ...s, position })),
      );
      return { previous };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: LEAD_STAGES_KEY, exact: true }),
  });
}
