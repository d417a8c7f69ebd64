import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityStatus, TeammateAvailability } from '@/contract';
import { availabilityKeys, patchTeammate } from '@/data/availability';
import { restoreSnapshot, takeSnapshot, type CacheSnapshot } from '@/data/cache-snapshot';
import { call } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { errorText } from '../ui/states';

/**
 * My status, shown at once in the navigation and on the team page; back as it was, with a toast,
 * if the BFF refuses. The answer (with its exact time) replaces the guess.
 */
export function useSetAvailability(username: string) {
  const queryClient = useQueryClient();
  return useMutation<TeammateAvailability, Error, AvailabilityStatus, { snapshot: CacheSnapshot }>({
    mutationKey: availabilityKeys.set(),
    mutationFn: (status) => call('availability.set', { body: { status } }),
    onMutate: async (status) => {
      const snapshot = await takeSnapshot(queryClient, availabilityKeys.team());
      patchTeammate(queryClient, username, {
        status,
        chosen: status,
        auto: false,
        since: new Date().toISOString(),
      });
      return { snapshot };
    },
    onSuccess: (entry) => patchTeammate(queryClient, username, entry),
    onError: (error, _status, context) => {
      restoreSnapshot(queryClient, context?.snapshot);
      notify.error('Your status could not be changed', { description: errorText(error) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.team() }),
  });
}
