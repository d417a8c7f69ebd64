import { WINDOWLESS_PLATFORMS, type Platform } from '../channels';
import type { Message } from '../conversations';

// The customer service window (spec Part 8): free text reaches a contact only within 24 hours of
// their last inbound message; past it, only an approved template does. One rule for the browser
// (the composer turns into a template picker) and the BFF (a scheduled text past the window's end
// is refused, and re-checked when it is due).

/** The customer service window: 24 hours from the contact's last inbound message. */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

export type WindowState =
  /** The platform has no window (the bot platform), or the thread is a group. */
  | { kind: 'none' }
  | { kind: 'open'; msLeft: number; closesAt: number }
  | { kind: 'closed' }
  /** Not known from what is loaded (no inbound message among the messages read). */
  | { kind: 'unknown' };

/** The newest inbound message's time among messages (any order), or null. */
export function lastInboundAt(messages: readonly Pick<Message, 'direction' | 'created_at'>[]): number | null {
  let latest: number | null = null;
  for (const message of messages) {
    if (message.direction !== 'inbound') continue;
    const at = Date.parse(message.created_at);
    if (Number.isFinite(at) && (latest === null || at > latest)) latest = at;
  }
  return latest;
}

/**
 * Whether a thread needs messages at all to know its window: a thread whose newest message is older
 * than the window is closed for certain, and a windowless platform has none.
 */
export function windowWithoutMessages(
  platform: Platform | undefined,
  lastMessageAt: string | null | undefined,
  now: number,
  isGroup = false,
): WindowState | null {
  // Group chats are not a customer service conversation: the upstream applies no window to them.
  if (isGroup || (platform && WINDOWLESS_PLATFORMS.includes(platform))) return { kind: 'none' };
  if (!lastMessageAt) return { kind: 'closed' };
  const last = Date.parse(lastMessageAt);
  if (Number.isFinite(last) && now - last >= WINDOW_MS) return { kind: 'closed' };
  return null;
}

export interface WindowInput {
  platform: Platform | undefined;
  lastMessageAt: string | null | undefined;
  /** Loaded messages of the thread (newest page at least), or undefined while not loaded. */
  messages: readonly Pick<Message, 'direction' | 'created_at'>[] | undefined;
  /** Whether older messages exist beyond those loaded. */
  hasOlder: boolean;
  now: number;
  isGroup?: boolean;
}

export function computeWindow({
  platform,
  lastMessageAt,
  messages,
  hasOlder,
  now,
  isGroup = false,
}: WindowInput): WindowState {
  const certain = windowWithoutMessages(platform, lastMessageAt, now, isGroup);
  if (certain) return certain;
  if (!messages) return { kind: 'unknown' };
  const inbound = lastInboundAt(messages);
  if (inbound === null) return hasOlder ? { kind: 'unknown' } : { kind: 'closed' };
  const closesAt = inbound + WINDOW_MS;
  const msLeft = closesAt - now;
  return msLeft > 0 ? { kind: 'open', msLeft, closesAt } : { kind: 'closed' };
}

/**
 * Whether free text may still go out at `at` (a scheduled send's time): true when the thread has no
 * window or it is open then; false when it will have closed; null when it cannot be told.
 */
export function textAllowedAt(state: WindowState, at: number): boolean | null {
  switch (state.kind) {
    case 'none':
      return true;
    case 'closed':
      return false;
    case 'unknown':
      return null;
    case 'open':
      return at < state.closesAt;
  }
}
