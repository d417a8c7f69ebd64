import type { Message, Platform } from '@/contract';
import { WINDOWLESS_PLATFORMS } from '@/contract';

/** The customer service window: 24 hours from the contact's last inbound message (spec Part 8). */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

export type WindowState =
  /** The platform has no window (the bot platform). */
  | { kind: 'none' }
  | { kind: 'open'; msLeft: number; closesAt: number }
  | { kind: 'closed' }
  /** Not known from what is loaded (no inbound message among the messages read). */
  | { kind: 'unknown' };

/** The newest inbound message's time among messages (any order), or null. */
export function lastInboundAt(messages: readonly Message[]): number | null {
  let latest: number | null = null;
  for (const message of messages) {
    if (message.direction !== 'inbound') continue;
    const at = Date.parse(message.created_at);
    if (Number.isFinite(at) && (latest === null || at > latest)) latest = at;
  }
  return latest;
}

/**
 * Whether a row needs messages at all to know its window: a thread whose newest message is older
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
  messages: readonly Message[] | undefined;
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

/** "23 h left", "12 min left", "Window closed"; empty when there is nothing to say. */
export function windowLabel(state: WindowState): string {
  switch (state.kind) {
    case 'open': {
      const minutes = Math.ceil(state.msLeft / 60_000);
      if (minutes < 60) return `${String(minutes)} min left`;
      return `${String(Math.floor(minutes / 60))} h left`;
    }
    case 'closed':
      return 'Window closed';
    default:
      return '';
  }
}

/** Under an hour left: the agent should hurry. */
export const windowClosingSoon = (state: WindowState) => state.kind === 'open' && state.msLeft < 60 * 60_000;

/** The upstream's refusal of a free-text send because the window closed meanwhile. */
export function isWindowRefusal(status: number, message: string): boolean {
  return status === 400 && /24-hour|24 hour|window/i.test(message);
}
