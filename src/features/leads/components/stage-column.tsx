import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LeadStage } from '@/contract';
import { columnQuery, type LeadFilters } from '@/data/leads';
import { matchesOwner, type LeadsSearch } from '../model/leads-search';
import { latestTotal, mergePages } from '@/data/lead-windows';
import { BoardColumn, type ColumnState } from './board-column';
import { useReadAllPages } from './use-read-all-pages';

interface StageColumnProps {
  stage: LeadStage;
  filters: LeadFilters;
  owner: LeadsSearch['owner'];
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
}

/** One stage's leads, read by offset to the end (see columnQuery). */
export function StageColumn({ stage, filters, owner, ownerNames, onOpen }: StageColumnProps) {
  const query = useInfiniteQuery(columnQuery(stage.key, filters));
  useReadAllPages(query);
  const { data, isPending, error, hasNextPage, refetch, fetchNextPage } = query;
  const state = useMemo<ColumnState>(() => {
    const pages = data?.pages ?? [];
    const all = mergePages(pages);
    const rows = owner ? all.filter((l) => matchesOwner(l.assigned_to_user_id, owner)) : all;
    const total = latestTotal(pages);
    return {
      rows,
      total: owner ? rows.length : total,
      filtered: owner !== undefined,
      held: all.length,
      of: total,
      complete: !hasNextPage,
      loading: isPending,
      error,
      retry: () => void (pages.length ? fetchNextPage() : refetch()),
    };
  }, [data, owner, hasNextPage, isPending, error, refetch, fetchNextPage]);
  return <BoardColumn stage={stage} state={state} ownerNames={ownerNames} onOpen={onOpen} />;
}
