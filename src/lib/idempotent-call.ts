import { useState } from 'react';
import { isApiError } from './api-error';

// Sends and creates that can never make a second copy (docs/api-assumptions.md, "Idempotency of
// sends and creates"): each request carries an Idempotency-Key made when the person presses Send or
// Save, kept while the same content is asked for again (a Retry, a double click, a repeat while the
// outcome is unknown), and replaced once it succeeded or the content changed.

/** Paced re-asks while the BFF says the outcome is not known yet (about half a minute in all). */
export const RECHECK_DELAYS_MS: readonly number[] = [1_000, 2_000, 3_000, 5_000, 8_000, 13_000];

/** The outcome stayed unknown through every re-ask: a Retry asks again with the same key. */
export class OutcomeStillUnknown extends Error {
  constructor() {
    super('We could not confirm whether this went through. Retry checks first, so it is never sent twice.');
    this.name = 'OutcomeStillUnknown';
  }
}

export interface KeyKeeper {
  /** The key for this content: the last one while the content is the same, else a new one. */
  keyFor(content: unknown): string;
  /** The request succeeded: the next one gets a new key. */
  done(): void;
}

/** The key in use and the content it names. */
export interface HeldKey {
  readonly print: string;
  readonly key: string;
}

/** Where a keeper keeps its key beyond the component, so a reload mid-send reuses it (a draft's). */
export interface KeyMemory {
  load(): HeldKey | null;
  save(held: HeldKey | null): void;
}

/**
 * A random version-4 UUID. crypto.randomUUID exists only in a secure context (https, localhost):
 * on a plain-http address (an intranet host) sending must still work, and getRandomValues exists
 * in every context.
 */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function keyKeeper(memory?: KeyMemory): KeyKeeper {
  let last: HeldKey | null = memory?.load() ?? null;
  const keep = (held: HeldKey | null) => {
    last = held;
    memory?.save(held);
  };
  return {
    keyFor(content) {
      const print = JSON.stringify(content);
      if (last?.print === print) return last.key;
      const held = { print, key: newKey() };
      keep(held);
      return held.key;
    },
    done() {
      keep(null);
    },
  };
}

/** A key keeper that lives as long as the component (a composer, a form), or its memory. */
export function useKeyKeeper(memory?: KeyMemory): KeyKeeper {
  const [keeper] = useState(() => keyKeeper(memory));
  return keeper;
}

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Calls, and while the outcome is unknown asks again with the same key (the call must carry it),
 * paced, until the answer or a real failure; `onChecking` is told when it starts re-asking.
 */
export async function callUntilKnown<T>(
  call: () => Promise<T>,
  onChecking?: (checking: boolean) => void,
  delaysMs: readonly number[] = RECHECK_DELAYS_MS,
): Promise<T> {
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (!isApiError(error) || !error.outcomeUnknown) throw error;
        const delay = delaysMs[attempt];
        if (delay === undefined) throw new OutcomeStillUnknown();
        onChecking?.(true);
        await wait(delay);
      }
    }
  } finally {
    onChecking?.(false);
  }
}
