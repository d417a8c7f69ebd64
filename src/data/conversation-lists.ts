import { compareThreads, matchesStructure, type Conversation, type InboxRow } from '@/contract';
import type { ConversationFilters, ConversationPages } from './conversations';

// Where a changed thread belongs in a loaded thread list, decided in the browser so that a change
// pushed by the live stream costs the upstream nothing per viewer. The order is the upstream's:
// newest `last_message_at` first, then id, as the fake lists them (one rule for both).

// The filters and the order are the contract's rules (src/contract/rules/thread-order.ts).
export { compareThreads, matchesStructure };

export type Placement =
  /** The list changed and is returned. */
  | { kind: 'placed'; data: ConversationPages }
  /** The browser cannot tell (a search list and a thread it does not hold): read the list again. */
  | { kind: 'unknown' };

const withTotal = (data: ConversationPages, delta: number): ConversationPages['pages'] =>
  data.pages.map((page) => ({ ...page, total: Math.max(0, page.total + delta) }));

/**
 * The list after a thread changed. A thread that no longer fits the filters leaves (the count
 * drops); one that fits moves to where the upstream would list it, unless that is past the rows
 * loaded so far (then the next page brings it). A search list can place only threads it holds.
 * A thread the list did not hold gets the row `newRow` makes (its messages follow on the stream).
 */
export function placeConversation(
  data: ConversationPages,
  filters: ConversationFilters,
  conversation: Conversation,
  newRow: (conversation: Conversation) => InboxRow,
): Placement {
  const heldRow = data.pages.flatMap((page) => page.rows).find((r) => r.conversation.id === conversation.id);
  const fits = matchesStructure(conversation, filters);
  // Whether a thread matches a search, is unread for this agent or carries a label is the BFF's to say.
  if (!heldRow && (filters.search || filters.unread || filters.label))
    return fits ? { kind: 'unknown' } : { kind: 'placed', data };
  if (!heldRow && !fits) return { kind: 'placed', data };

  // Out of wherever it was, keeping every other row on its page (offsets of later pages hold).
  let pages = data.pages.map((page) => ({
    ...page,
    rows: page.rows.filter((r) => r.conversation.id !== conversation.id),
  }));
  if (!fits) return { kind: 'placed', data: { ...data, pages: withTotal({ ...data, pages }, -1) } };

  const row = heldRow ? { ...heldRow, conversation } : newRow(conversation);
  pages = withTotal({ ...data, pages }, heldRow ? 0 : 1);
  const last = pages.at(-1);
  const hasMore = last?.hasMore ?? false;
  for (let p = 0; p < pages.length; p += 1) {
    const rows = pages[p]!.rows;
    const at = rows.findIndex((r) => compareThreads(conversation, r.conversation) < 0);
    if (at >= 0) {
      pages[p] = { ...pages[p]!, rows: [...rows.slice(0, at), row, ...rows.slice(at)] };
      return { kind: 'placed', data: { ...data, pages } };
    }
  }
  // After every loaded row: it shows only when nothing else is left to load.
  if (!hasMore && last) pages[pages.length - 1] = { ...last, rows: [...last.rows, row] };
  return { kind: 'placed', data: { ...data, pages } };
}
