import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Lead } from '@/contract';
import { restoreSnapshot, takeSnapshot, type CacheSnapshot } from '@/data/cache-snapshot';
import { leadKeys, upsertLead } from '@/data/leads';
import { callApi } from '@/lib/api-client';
import { UNMATCHED, type LeadMove } from '../model/board-drop';

/** The readings a move changes: both columns under any filters, or the every-lead reading it leaves. */
const touched = (move: LeadMove) => [
  move.from === UNMATCHED ? leadKeys.everies() : leadKeys.column(move.from),
  leadKeys.column(move.to),
];

/**
 * Moves a lead to another stage by PATCHing its status, optimistically: both columns change at
 * once and roll back if the upstream refuses. The answer is written into the caches; the columns
 * are then only marked stale (a full re-read of two columns on every drop would cost dozens of
 * calls on a large board), so they re-read on the next visit.
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
      const snapshot = await takeSnapshot(queryClient, leadKeys.all, touched(move));
      upsertLead(queryClient, { ...move.lead, status: move.to });
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
    onSettled: async (_lead, _error, move) => {
      await Promise.all([
        ...touched(move).map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'none' })),
        queryClient.invalidateQueries({ queryKey: leadKeys.pages() }),
        queryClient.invalidateQueries({ queryKey: leadKeys.counts() }),
      ]);
    },
  });
}
