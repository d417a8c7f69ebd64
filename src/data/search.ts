import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { SEARCH_LIMIT_DEFAULT } from '@/contract';
import { call } from '@/lib/api-client';

// One search for everything (the BFF's `search.all`): messages by full text, contacts,
// customers, leads and quick replies. The palette asks for a few of each, the search page for more.

export const searchKeys = {
  all: ['search'] as const,
  query: (q: string, limit: number) => ['search', q, limit] as const,
};

export const searchQuery = (q: string, limit = SEARCH_LIMIT_DEFAULT) =>
  queryOptions({
    queryKey: searchKeys.query(q.trim(), limit),
    queryFn: ({ signal }) => call('search.all', { query: { q: q.trim(), limit }, signal }),
    enabled: q.trim().length > 0,
    // While the next query runs, the last answer stays on screen instead of a flash of nothing.
    placeholderData: keepPreviousData,
    // New messages are indexed within seconds: the same words asked again a little later ask again.
    staleTime: 2_000,
    retry: false,
  });
