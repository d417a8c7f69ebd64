import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { LiveEvent } from '@/contract';
import { preferencesQuery } from '@/data/preferences';
import { loadable } from '../loadable';

// Fetched only for someone who turned desktop alerts on, not in every first screen. A failed
// download leaves alerts off until the page reloads. The settings screen plays its tone from here too:
// one file, imported only on demand.
export const alertsCode = loadable(() => import('./desktop-alerts'));

/**
 * What says a live event on the desktop: nothing until the person has turned desktop alerts on
 * (Settings → Notifications, usually known from the bootstrap), then desktop-alerts.ts. Stable
 * across renders, so the stream need not reopen when the code arrives.
 */
export function useDesktopAlerts(): (queryClient: QueryClient, event: LiveEvent) => void {
  const wanted = useQuery(preferencesQuery()).data?.desktop === true;
  useEffect(() => {
    if (wanted) void alertsCode.preload();
  }, [wanted]);
  return useCallback((queryClient, event) => alertsCode.current()?.alertFor(queryClient, event), []);
}
