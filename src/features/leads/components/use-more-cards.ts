import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadMoreCards, type BoardFilters } from '@/data/board';
import type { MoreState } from './board-column';

/** Reads a column's next page of cards (after `cursor`) into the board, one read at a time. */
export function useMoreCards(filters: BoardFilters, stage: string, cursor: string | null): MoreState {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const load = useCallback(() => {
    if (cursor === null) return;
    setLoading(true);
    setError(null);
    loadMoreCards(queryClient, filters, stage, cursor).then(
      () => alive.current && setLoading(false),
      (e: unknown) => {
        if (!alive.current) return;
        setLoading(false);
        setError(e);
      },
    );
  }, [queryClient, filters, stage, cursor]);
  return { loading, error, load };
}
