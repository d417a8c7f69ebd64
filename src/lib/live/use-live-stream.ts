import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyLiveEvent, pollOnScreen, refetchOnScreen } from '@/data/live-events';
import { call } from '../api-client';
import { sessionKeys } from '@/data/session';
import { LiveConnection } from './live-connection';
import { useDesktopAlerts } from './use-desktop-alerts';

/**
 * The signed-in app's live stream: open while mounted, its events written into the caches. Where
 * the browser has no EventSource (jsdom in component tests), screens read for themselves.
 */
export function useLiveStream(): void {
  const queryClient = useQueryClient();
  const alertFor = useDesktopAlerts();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const connection = new LiveConnection({
      // Where the stream stood when the workspace was read, before the screens' reads: a change
      // made before the stream opens reaches this tab all the same.
      from: queryClient.getQueryData<string | null>(sessionKeys.streamFrom()) ?? null,
      onEvent: (event) => {
        applyLiveEvent(queryClient, event);
        alertFor(queryClient, event);
      },
      onReconnected: () => void refetchOnScreen(queryClient),
      onPoll: () => void pollOnScreen(queryClient),
      // A refused stream is most often an ended session: asking says so (a 401 goes to sign-in).
      onRefused: () => void call('session.me').catch(() => undefined),
    });
    connection.start();
    return () => connection.stop();
  }, [queryClient, alertFor]);
}
