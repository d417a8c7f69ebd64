import { Hourglass } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { rateGate } from '@/lib/rate-limit';

const subscribe = (onChange: () => void) => rateGate.subscribe(onChange);
const heldUntil = () => rateGate.heldUntil();

/**
 * While the server's rate limit holds the app's calls back, says so (they are waited out and sent
 * again, nothing is lost), so a slower screen does not look broken.
 */
export function RateLimitNotice() {
  const until = useSyncExternalStore(subscribe, heldUntil, () => null);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until === null) return;
    // Re-read once the hold is over, so the notice leaves on time.
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(0, until - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [until]);
  const left = until === null ? 0 : until - Date.now();
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center">
      {left > 0 ? (
        <p className="flex items-center gap-2 rounded-full border border-border bg-raised px-3 py-1.5 text-[13px] text-muted shadow-md">
          <Hourglass size={14} aria-hidden />
          Many requests at once: the server asked us to wait. Going on in{' '}
          {String(Math.max(1, Math.ceil(left / 1000)))} s.
        </p>
      ) : null}
    </div>
  );
}
