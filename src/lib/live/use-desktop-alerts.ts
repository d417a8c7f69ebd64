import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { LiveEvent } from '@/contract';
import { preferencesQuery } from '@/data/preferences';
import type * as Alerts from './desktop-alerts';

/**
 * What says a live event on the desktop: nothing until the person has turned desktop alerts on
 * (Settings → Notifications, usually known from the bootstrap), then desktop-alerts.ts, fetched
 * only for them rather than in every first screen. Stable across renders, so the stream need not
 * reopen when it arrives.
 */
export function useDesktopAlerts(): (queryClient: QueryClient, event: LiveEvent) => void {
  const wanted = useQuery(preferencesQuery()).data?.desktop === true;
  const alerts = useRef<typeof Alerts | null>(null);
  useEffect(() => {
    if (!wanted || alerts.current) return;
    // A failed download leaves alerts off until the preference is set again or the page reloads.
    import('./desktop-alerts').then(
      (module) => {
        alerts.current = module;
      },
      () => undefined,
    );
  }, [wanted]);
  return useCallback((queryClient, event) => alerts.current?.alertFor(queryClient, event), []);
}
