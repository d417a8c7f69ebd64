import * as z from 'zod/mini';
import { StorableDateTime } from './storable';

// Unread, per agent and thread (the upstream has no such state: the BFF keeps it in its database).
// A thread is unread for an agent when the contact wrote after the agent last read it, or when the
// agent marked it unread. `GET /bff/unread` answers the signed-in agent's counts; reading and
// marking unread are `POST /bff/conversations/{id}/read` and `.../unread`.

/** `GET /bff/unread`: unread inbound messages per thread (only threads with some), and how many threads. */
export const UnreadSummary = z.lazy(() =>
  z.looseObject({
    /** Threads with something unread (open or closed). */
    total: z.int(),
    /** conversation id → unread messages (at least 1; a thread marked unread counts 1). */
    threads: z.record(z.string(), z.int()),
  }),
);
export type UnreadSummary = z.infer<typeof UnreadSummary>;

/** `POST /bff/conversations/{id}/read`: read up to a message's time (default: everything held). */
export const ReadBody = z.lazy(() =>
  z.strictObject({
    upTo: z.optional(StorableDateTime),
  }),
);
export type ReadBody = z.infer<typeof ReadBody>;
