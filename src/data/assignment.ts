import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { LiveEventOf } from '@/contract';
import { call } from '@/lib/api-client';

// Assignment rules and each channel's waiting threads (the BFF's own data: src/server/assignment):
// one read for Settings and the inbox's "Waiting for an agent". The live `assignment.changed` says
// a channel's rule or queue changed: the read is done again.

export const assignmentKeys = {
  all: ['assignment'] as const,
  overview: () => ['assignment', 'overview'] as const,
  set: () => ['assignment', 'set'] as const,
};

export const assignmentQuery = () =>
  queryOptions({
    queryKey: assignmentKeys.overview(),
    queryFn: ({ signal }) => call('assignment.list', { signal }),
    // The live stream says when a rule or a queue changes.
    staleTime: 30_000,
    // Without the BFF's database it answers 503 at once: nothing waits, no rules to show.
    retry: false,
  });

export function onAssignmentChanged(
  queryClient: QueryClient,
  _event: LiveEventOf<'assignment.changed'>,
): void {
  void queryClient.invalidateQueries({ queryKey: assignmentKeys.all });
}
