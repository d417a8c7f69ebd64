import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { Preferences, type PreferencesUpdate } from '@/contract';
import { callBff, writeBff } from '@/lib/api-client';

// My own settings, kept by the BFF so they follow me to any browser.

export const preferenceKeys = { mine: ['bff', 'preferences'] as const };

export const preferencesQuery = () =>
  queryOptions({
    queryKey: preferenceKeys.mine,
    queryFn: ({ signal }) => callBff('/bff/me/preferences', Preferences, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });

export async function savePreferences(
  queryClient: QueryClient,
  change: PreferencesUpdate,
): Promise<Preferences> {
  const saved = await writeBff('PUT', '/bff/me/preferences', Preferences, change);
  queryClient.setQueryData(preferenceKeys.mine, saved);
  return saved;
}
