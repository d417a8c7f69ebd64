import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { LeadStage } from '@/contract';
import { columnQuery, leadsCountQuery, type ColumnData, type LeadFilters } from '@/data/leads';
import { latestTotal } from '@/data/lead-windows';

/**
 * How many leads match no stage: the count of every lead (one row read) minus the stages' totals,
 * known once each column's first page is in. Null until then. This spares reading every lead on
 * each visit just to find the few a key change left behind.
 */
export function useUnmatchedCount(stages: readonly LeadStage[], filters: LeadFilters): number | null {
  const queryClient = useQueryClient();
  const { data: all } = useQuery(leadsCountQuery(filters));
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const stageSum = useSyncExternalStore(subscribe, () => {
    let sum = 0;
    for (const stage of stages) {
      const data = queryClient.getQueryData<ColumnData>(columnQuery(stage.key, filters).queryKey);
      if (!data) return null;
      sum += latestTotal(data.pages);
    }
    return sum;
  });
  if (all === undefined || stageSum === null) return null;
  return Math.max(0, all - stageSum);
}
