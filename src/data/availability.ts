import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  byAvailability,
  type LiveEventOf,
  type TeamAvailability,
  type TeammateAvailability,
} from '@/contract';
import { call } from '@/lib/api-client';

// Who on the team is Available, Busy or Away (the BFF's own data: src/server/availability), with
// their open threads: one read shared by the navigation's status control and the team page. A
// person's own change, its answer and the live `availability.changed` all go through
// patchTeammate, which keeps the list in the page's order.

export const availabilityKeys = {
  all: ['availability'] as const,
  team: () => ['availability', 'team'] as const,
  // The one mutation: my own status.
  set: () => ['availability', 'set'] as const,
};

export const availabilityQuery = () =>
  queryOptions({
    queryKey: availabilityKeys.team(),
    queryFn: ({ signal }) => call('availability.list', { signal }),
    // The live stream says when anyone's status changes; open threads are read again with it.
    staleTime: 30_000,
    // Without the BFF's database it answers 503 at once; the navigation then shows no status.
    retry: false,
  });

/** A teammate as now known, into the held list (kept in the page's order). */
export function patchTeammate(
  queryClient: QueryClient,
  username: string,
  change: Partial<TeammateAvailability>,
): void {
  queryClient.setQueryData<TeamAvailability>(availabilityKeys.team(), (held) =>
    held
      ? {
          ...held,
          members: held.members
            .map((m) => (m.username === username ? { ...m, ...change } : m))
            .sort(byAvailability),
        }
      : held,
  );
}

/**
 * The live `availability.changed`: shown at once, then read again for the exact times. While my
 * own change is on its way, its answer decides instead.
 */
export function onAvailabilityChanged(
  queryClient: QueryClient,
  event: LiveEventOf<'availability.changed'>,
): void {
  if (queryClient.isMutating({ mutationKey: availabilityKeys.set() }) > 0) return;
  patchTeammate(queryClient, event.username, {
    status: event.status,
    auto: event.auto,
    ...(event.auto ? {} : { chosen: event.status }),
    since: new Date().toISOString(),
  });
  void queryClient.invalidateQueries({ queryKey: availabilityKeys.team() });
}
