import { MutationObserver, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Lead } from '@/contract';
import { boardKeys } from '@/data/board';
import { restoreSnapshot, takeSnapshot, type CacheSnapshot } from '@/data/cache-snapshot';
import { leadKeys, leadMutationKeys, upsertLead } from '@/data/leads';
import { call } from '@/lib/api-client';
import { promptly } from '@/lib/promptly';
import type { LeadMove } from '../model/board-drop';

/** What the caller hears of one move. */
export interface MoveCallbacks {
  readonly onSuccess?: (lead: Lead) => void;
  readonly onError?: (error: unknown) => void;
}

/**
 * One move as a mutation keyed by its lead (`['leads', 'update', id]`): the board moves many cards
 * through one hook, and the live stream's echo of each is matched by its key (live-events.ts).
 */
function moveObserver(queryClient: QueryClient, id: string) {
  return new MutationObserver<Lead, unknown, LeadMove, { snapshot: CacheSnapshot }>(queryClient, {
    mutationKey: leadMutationKeys.update(id),
    mutationFn: (move) => call('leads.update', { params: { id: move.lead.id }, body: { status: move.to } }),
    onMutate: async (move) => {
      // A board read in flight would bring the card back to where it was.
      const snapshot = await takeSnapshot(queryClient, leadKeys.all, [boardKeys.all]);
      promptly(() => upsertLead(queryClient, { ...move.lead, status: move.to }));
      return { snapshot };
    },
    onError: (_error, _move, context) => restoreSnapshot(queryClient, context?.snapshot),
    onSuccess: (lead) => upsertLead(queryClient, lead),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.pages(), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: leadKeys.counts() }),
      ]);
    },
  });
}

/**
 * Moves a lead to another stage by PATCHing its status through the proxy, optimistically: the card
 * changes column at once, in the drop's own frame (counts and sums with it), and everything rolls
 * back if the upstream refuses. The answer is written into the caches; the board needs no re-read,
 * since it held the card and so knows both columns' exact counts.
 */
export function useMoveLead() {
  const queryClient = useQueryClient();
  const mutate = useCallback(
    (move: LeadMove, callbacks: MoveCallbacks = {}) => {
      moveObserver(queryClient, move.lead.id)
        .mutate(move)
        .then(
          (lead) => callbacks.onSuccess?.(lead),
          (error: unknown) => callbacks.onError?.(error),
        );
    },
    [queryClient],
  );
  return { mutate };
}
