import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** What the cache held under some keys, for an optimistic change to roll back to. */
export type CacheSnapshot = ReadonlyArray<readonly [QueryKey, unknown]>;

/**
 * Stops reads in flight under `cancel` (their answers would overwrite the optimistic change) and
 * keeps what is held under `keep`.
 */
export async function takeSnapshot(
  queryClient: QueryClient,
  keep: QueryKey,
  cancel: readonly QueryKey[] = [keep],
): Promise<CacheSnapshot> {
  await Promise.all(cancel.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  return queryClient.getQueriesData({ queryKey: keep });
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: CacheSnapshot | undefined) {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}
