import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Preferences, PreferencesUpdate } from '@/contract';
import { call } from '@/lib/api-client';

// My own settings, kept by the BFF so they follow me to any browser.

export const preferenceKeys = { mine: ['bff', 'preferences'] as const };

export const preferencesQuery = () =>
  queryOptions({
    queryKey: preferenceKeys.mine,
    queryFn: ({ signal }) => call('preferences.get', { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });

export async function savePreferences(
  queryClient: QueryClient,
  change: PreferencesUpdate,
): Promise<Preferences> {
  const saved = await call('preferences.put', { body: change });
  queryClient.setQueryData(preferenceKeys.mine, saved);
  return saved;
}
