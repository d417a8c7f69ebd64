import * as z from 'zod/mini';
import { Id } from './common';

// Who has which thread open, and who is typing in it: told by each browser to the BFF
// (`POST /bff/presence`, a heartbeat while a thread is open and at once when it changes) and passed
// to every browser on the live stream. Nothing is stored: a browser that stops telling is gone
// after PRESENCE_TTL_MS.

/** A browser repeats its presence this often while a thread is open. */
export const PRESENCE_HEARTBEAT_MS = 10_000;
/** Without a heartbeat for this long, a teammate no longer counts as viewing. */
export const PRESENCE_TTL_MS = 30_000;

export const PresenceBody = z.lazy(() =>
  z.strictObject({
    /** The thread open on screen; null: none (the tab closed it or went elsewhere). */
    conversationId: z.nullable(Id),
    typing: z.boolean(),
  }),
);
export type PresenceBody = z.infer<typeof PresenceBody>;
