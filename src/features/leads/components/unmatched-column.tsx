import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { everyLeadQuery, type LeadFilters } from '@/data/leads';
import { matchesOwner, type LeadsSearch } from '../model/leads-search';
import { latestTotal, mergePages } from '@/data/lead-windows';
import { BoardColumn, type ColumnState } from './board-column';
import { useReadAllPages } from './use-read-all-pages';

interface UnmatchedColumnProps {
  stageKeys: ReadonlySet<string>;
  filters: LeadFilters;
  owner: LeadsSearch['owner'];
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
}

/**
 * Leads whose status matches no stage (after a key change). The API cannot filter by "none of
 * these keys", so this reads every lead, which is why the board mounts it only when the counts
 * say such leads exist.
 */
export function UnmatchedColumn({ stageKeys, filters, owner, ownerNames, onOpen }: UnmatchedColumnProps) {
  const query = useInfiniteQuery(everyLeadQuery(filters));
  useReadAllPages(query);
  const { data, isPending, error, hasNextPage, refetch, fetchNextPage } = query;
  const state = useMemo<ColumnState>(() => {
    const pages = data?.pages ?? [];
    const all = mergePages(pages);
    const rows = all.filter((l) => !stageKeys.has(l.status) && matchesOwner(l.assigned_to_user_id, owner));
    return {
      rows,
      total: rows.length,
      filtered: true,
      held: all.length,
      of: latestTotal(pages),
      complete: !hasNextPage,
      loading: isPending,
      error,
      retry: () => void (pages.length ? fetchNextPage() : refetch()),
    };
  }, [data, stageKeys, owner, hasNextPage, isPending, error, refetch, fetchNextPage]);
  return <BoardColumn stage={null} state={state} ownerNames={ownerNames} onOpen={onOpen} />;
}
