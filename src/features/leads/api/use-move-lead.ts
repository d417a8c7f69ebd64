import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Lead } from '@/contract';
import { callApi } from '@/lib/api-client';
import { UNMATCHED, type LeadMove } from '../model/board-drop';
import {
  insertLead,
  matchesFilters,
  removeLead,
  replaceLead,
  type ColumnData,
  type ColumnFilters,
} from '../model/column-cache';
import { leadKeys } from './lead-queries';

interface MoveContext {
  snapshot: [QueryKey, unknown][];
}

const filtersOf = (key: QueryKey): ColumnFilters => {
  const last = key[key.length - 1];
  return typeof last === 'object' && last !== null ? (last as ColumnFilters) : {};
};

/** Keys a move touches: both columns under any filters, and the Unmatched reading when it leaves it. */
const touched = (move: LeadMove): QueryKey[] => [
  move.from === UNMATCHED ? leadKeys.unmatched() : leadKeys.column(move.from),
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
  return useMutation<Lead, unknown, LeadMove, MoveContext>({
    mutationKey: ['leads', 'move'],
    mutationFn: (move) =>
      callApi('leads.update', { params: { id: move.lead.id }, body: { status: move.to } }),
    onMutate: async (move) => {
      const keys = touched(move);
      await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      const snapshot = keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
      const moved: Lead = { ...move.lead, status: move.to };
      if (move.from === UNMATCHED) {
        // The Unmatched reading holds every lead; its total does not change when one is moved.
        queryClient.setQueriesData<ColumnData>({ queryKey: leadKeys.unmatched() }, (data) =>
          data ? removeLead(data, move.lead.id, false) : data,
        );
      } else {
        queryClient.setQueriesData<ColumnData>({ queryKey: leadKeys.column(move.from) }, (data) =>
          data ? removeLead(data, move.lead.id) : data,
        );
      }
      for (const [key, data] of queryClient.getQueriesData<ColumnData>({
        queryKey: leadKeys.column(move.to),
      })) {
        if (data && matchesFilters(moved, filtersOf(key)))
          queryClient.setQueryData(key, insertLead(data, moved));
      }
      return { snapshot };
    },
    onError: (error, move, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      options.onError?.(move, error);
    },
    onSuccess: (lead, move) => {
      queryClient.setQueriesData<ColumnData>({ queryKey: leadKeys.column(move.to) }, (data) =>
        data ? replaceLead(data, lead) : data,
      );
      queryClient.setQueryData(leadKeys.detail(lead.id), lead);
      options.onSuccess?.(move, lead);
    },
    onSettled: async (_lead, _error, move) => {
      await Promise.all([
        ...touched(move).map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'none' })),
        queryClient.invalidateQueries({ queryKey: leadKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: leadKeys.count() }),
      ]);
    },
  });
}
