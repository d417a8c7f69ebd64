// A list answer whose only faults are in some of its items (one lead with a 30 February, one
// customer created "yesterday") is still the list: the BFF keeps every item that fits the contract
// and leaves out those that do not, rather than refusing the whole page, which would keep every
// other record of the workspace out of it (the board and lead screens "still loading" for good,
// exports empty). A fault anywhere else (the envelope, the total) still refuses the answer, and so
// does an item the contract refuses in a way that leaves the rest unfit (the caller parses again).

/** Where a schema found a fault, as zod reports it. */
interface Issue {
  readonly path: readonly PropertyKey[];
}

export interface WithoutRefused {
  /** The answer with the refused items taken out of its list. */
  readonly value: unknown;
  /** How many items were taken out. */
  readonly dropped: number;
}

/**
 * The answer without the list items the issues point at: the list is the answer itself (an array)
 * or one array of its envelope (`data` of a page, `customers` of the customer list). Null when any
 * issue lies outside that list's items, or when no item is left.
 */
export function withoutRefusedItems(answer: unknown, issues: readonly Issue[]): WithoutRefused | null {
  if (typeof answer !== 'object' || answer === null || issues.length === 0) return null;
  const envelope = !Array.isArray(answer);
  const key = envelope ? issues[0]!.path[0] : undefined;
  const list: unknown = envelope ? (answer as Record<PropertyKey, unknown>)[key!] : answer;
  if (!Array.isArray(list)) return null;
  const depth = envelope ? 1 : 0;
  const refused = new Set<number>();
  for (const { path } of issues) {
    const index = path[depth];
    if ((envelope && path[0] !== key) || typeof index !== 'number') return null;
    refused.add(index);
  }
  const kept = list.filter((_, i) => !refused.has(i));
  // Nothing fits: more likely the upstream changed than every record went bad, and an empty list
  // would read as every record deleted.
  if (kept.length === 0) return null;
  return { value: envelope ? { ...answer, [key!]: kept } : kept, dropped: refused.size };
}
