import type { Message } from '../conversations';

// What a thread list's row keeps of the thread's messages: the newest (the preview) and the newest
// inbound one (the 24-hour window, the sender's name), once if they are the same. One rule for the
// BFF's inbox screen (src/server/screens/inbox-list.ts) and the browser's live updates of a row
// (src/data/live-events.ts).

const instant = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : 0;
};

/** Negative when `a` is newer: the later `created_at`, then the larger id (as the BFF's SQL). */
export const newerMessageFirst = (a: Message, b: Message): number =>
  instant(b.created_at) - instant(a.created_at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The row's messages among these: the newest, then the newest inbound if another one. */
export function rowMessages(messages: Iterable<Message>): { messages: Message[]; hasInbound: boolean } {
  const all = [...messages].sort(newerMessageFirst);
  const newest = all[0];
  if (newest === undefined) return { messages: [], hasInbound: false };
  const inbound = all.find((m) => m.direction === 'inbound');
  return {
    messages: inbound === undefined || inbound.id === newest.id ? [newest] : [newest, inbound],
    hasInbound: inbound !== undefined,
  };
}
