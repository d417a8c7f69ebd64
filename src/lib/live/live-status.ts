import { useSyncExternalStore } from 'react';
import type { UpstreamState } from '@/contract';

// What the tab knows about its live stream and, through it, about the upstream: shown by the
// status banner, and read by code that reads by itself only while the stream cannot tell it.

export type StreamState =
  /** Not started (signed out, or a screen rendered on its own, as in a component test). */
  | 'off'
  | 'connecting'
  | 'open'
  /** It was open, or never opened, and is being retried: screens fall back to polling. */
  | 'reconnecting';

export interface LiveStatus {
  readonly stream: StreamState;
  readonly upstream: UpstreamState;
}

const INITIAL: LiveStatus = { stream: 'off', upstream: 'ok' };
let current: LiveStatus = INITIAL;
const listeners = new Set<() => void>();

export function setLiveStatus(change: Partial<LiveStatus>): void {
  const next = { ...current, ...change };
  if (next.stream === current.stream && next.upstream === current.upstream) return;
  current = next;
  for (const listener of listeners) listener();
}

export const getLiveStatus = (): LiveStatus => current;

export function subscribeLiveStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Back to the start (a sign-out, or between tests). */
export const resetLiveStatus = (): void => setLiveStatus(INITIAL);

export const useLiveStatus = (): LiveStatus =>
  useSyncExternalStore(subscribeLiveStatus, getLiveStatus, getLiveStatus);

/** Whether pushed changes are arriving: while not, screens read for themselves. */
export const streamIsOpen = (): boolean => current.stream === 'open';
