import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lead } from '@/contract';
import { boardKeys } from '@/data/board';
import { restoreSnapshot, takeSnapshot, type CacheSnapshot } from '@/data/cache-snapshot';
import { leadKeys, upsertLead } from '@/data/leads';
import { callApi } from '@/lib/api-client';
import { promptly } from '@/lib/promptly';
import type { LeadMove } from '../model/board-drop';

/**
 * Moves a lead to another stage by PATCHing its status through the proxy, optimistically: the card
 * changes column at once, in the drop's own frame (counts and sums with it), and everything rolls
 * back if the upstream refuses. The answer is written into the caches; the board needs no re-read,
 * since it held the card and so knows both columns' exact counts.
 */
export function useMoveLead(
  options: {
    onError?: (move: LeadMove, error: unknown) => void;
    onSuccess?: (move: LeadMove, lead: Lead) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation<Lead, unknown, LeadMove, { snapshot: CacheSnapshot }>({
    mutationKey: ['leads', 'move'],
    mutationFn: (move) =>
      callApi('leads.update', { params: { id: move.lead.id }, body: { status: move.to } }),
    onMutate: async (move) => {
      // A board read in flight would bring the card back to where it was.
      const snapshot = await takeSnapshot(queryClient, leadKeys.all, [boardKeys.all]);
      promptly(() => upsertLead(queryClient, { ...move.lead, status: move.to }));
      return { snapshot };
    },
    onError: (error, move, context) => {
      restoreSnapshot(queryClient, context?.snapshot);
      options.onError?.(move, error);
    },
    onSuccess: (lead, move) => {
      upsertLead(queryClient, lead);
      options.onSuccess?.(move, lead);
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.pages(), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: leadKeys.counts() }),
      ]);
    },
  });
}
