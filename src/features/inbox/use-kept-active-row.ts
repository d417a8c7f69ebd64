import { useState } from 'react';

// The Unread view lists what is unread; opening a thread reads it, and the server's list then
// leaves it out. Taken away under the reader's eyes, nothing stays selected. As Chatwoot and Front
// do, the open thread keeps its place in the list until the reader moves on to another.

interface Kept<T> {
  readonly row: T;
  readonly index: number;
}

/** `rows`, with `kept` put back at its place when it is the active row and the list lost it. */
export function withKeptRow<T>(
  rows: readonly T[],
  kept: Kept<T> | null,
  idOf: (row: T) => string,
  activeId: string | undefined,
): readonly T[] {
  if (kept === null || activeId === undefined || idOf(kept.row) !== activeId) return rows;
  if (rows.some((r) => idOf(r) === activeId)) return rows;
  const out = rows.slice();
  out.splice(Math.min(kept.index, out.length), 0, kept.row);
  return out;
}

/** Keeps the active row in the list while `enabled` (the Unread view), once it has been seen there. */
export function useKeptActiveRow<T>(
  rows: readonly T[],
  activeId: string | undefined,
  idOf: (row: T) => string,
  enabled: boolean,
): readonly T[] {
  const [kept, setKept] = useState<Kept<T> | null>(null);
  const index = activeId === undefined ? -1 : rows.findIndex((r) => idOf(r) === activeId);
  const seen = index >= 0 ? rows[index] : undefined;
  // The row as last listed, noted during render (React's "information from previous renders"):
  // it converges at once, since the next render finds the same row at the same place.
  if (seen !== undefined && (kept?.row !== seen || kept.index !== index)) setKept({ row: seen, index });
  return enabled ? withKeptRow(rows, kept, idOf, activeId) : rows;
}
