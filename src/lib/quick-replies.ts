import { queryOptions } from '@tanstack/react-query';
import { callApi } from './api-client';

// Shared by the inbox's quick reply menu and the quick replies page (features don't import each
// other), so both read and invalidate the same cache entry.
export const quickRepliesKeys = {
  all: ['quick-replies'] as const,
  list: () => ['quick-replies', 'list'] as const,
};

export const quickRepliesQuery = () =>
  queryOptions({
    queryKey: quickRepliesKeys.list(),
    queryFn: ({ signal }) => callApi('quickReplies.list', { signal }),
    staleTime: 60_000,
  });
