import { useEffect, useState } from 'react';
import { useLiveStatus, type LiveStatus } from '@/lib/live/live-status';

/** A dropped stream usually comes back within a second or two; only a longer outage is shown. */
export const RECONNECTING_GRACE_MS = 1_500;

function message(status: LiveStatus, showReconnecting: boolean): string | null {
  switch (status.upstream) {
    case 'unreachable':
      return 'The messaging service cannot be reached. What you see may be out of date; it catches up when the service is back.';
    case 'rate-limited':
      return 'The messaging service is asking us to slow down. Changes may arrive late.';
    case 'key-refused':
      return 'The messaging service refused this workspace’s API key. An admin needs to check it.';
    case 'ok':
      break;
  }
  if (status.stream === 'reconnecting' && showReconnecting)
    return 'Reconnecting… Changes by others may be a few seconds late until the connection is back.';
  return null;
}

/** One line above the screen while live changes cannot arrive, and why; nothing otherwise. */
export function LiveStatusBanner() {
  const status = useLiveStatus();
  const down = status.stream === 'reconnecting';
  const [showReconnecting, setShowReconnecting] = useState(false);
  useEffect(() => {
    if (!down) return setShowReconnecting(false);
    const timer = setTimeout(() => setShowReconnecting(true), RECONNECTING_GRACE_MS);
    return () => clearTimeout(timer);
  }, [down]);
  const text = message(status, showReconnecting);
  return (
    <div role="status" aria-live="polite" className="contents">
      {text ? (
        <p className="border-b border-border bg-warning-soft px-4 py-1.5 text-sm text-fg">
          <span aria-hidden className="mr-2 inline-block size-2 animate-pulse rounded-full bg-warning" />
          {text}
        </p>
      ) : null}
    </div>
  );
}
