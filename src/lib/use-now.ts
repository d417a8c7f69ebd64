import { useEffect, useState, useSyncExternalStore } from 'react';

/** The current time, refreshed every `intervalMs`, so countdowns move without a data change. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

// One ticking clock shared by every component that reads it (SLA chips on rows and in the header):
// one interval for all of them, started with the first reader and stopped with the last.
const SHARED_TICK_MS = 30_000;
const readers = new Set<() => void>();
let sharedNow = Date.now();
let sharedTimer: ReturnType<typeof setInterval> | undefined;

function subscribeShared(onTick: () => void): () => void {
  readers.add(onTick);
  if (readers.size === 1) {
    sharedNow = Date.now();
    sharedTimer = setInterval(() => {
      sharedNow = Date.now();
      for (const reader of readers) reader();
    }, SHARED_TICK_MS);
  }
  return () => {
    readers.delete(onTick);
    if (readers.size === 0) clearInterval(sharedTimer);
  };
}

/** The current time from the one shared tick (every 30 s). */
export function useSharedNow(): number {
  return useSyncExternalStore(subscribeShared, () => sharedNow);
}
