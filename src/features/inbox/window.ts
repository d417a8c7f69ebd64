import type { WindowState } from '@/contract';

// The window rule itself is the contract's (src/contract/rules/service-window.ts), shared with the
// BFF, which refuses a scheduled text past the window's end; what is here is how the browser says it.
export {
  WINDOW_MS,
  computeWindow,
  lastInboundAt,
  windowWithoutMessages,
  type WindowInput,
  type WindowState,
} from '@/contract';

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
