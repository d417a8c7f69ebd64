import { useEffect } from 'react';

/**
 * Keeps reading an infinite query's pages in the background until it is complete (the column's
 * sums need every row). Stops on an error; the column offers to try again.
 */
export function useReadAllPages(query: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetching: boolean;
  isError: boolean;
  fetchNextPage: () => Promise<unknown>;
}) {
  const { hasNextPage, isFetchingNextPage, isFetching, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetching && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetching, isError, fetchNextPage]);
}
