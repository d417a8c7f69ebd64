import * as z from 'zod/mini';
import { Id } from '@/contract';

// The router parses search values as JSON, so `?to=447911123456` arrives as a number: take both.
const text = (max: number) =>
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((value) => String(value).slice(0, max)),
  );

/** `/inbox/new?channelId=&to=&name=`: other pages link here to start a thread with someone. */
export const NewConversationSearch = z.lazy(() =>
  z.object({
    channelId: z.catch(z.optional(Id), undefined),
    to: z.catch(z.optional(text(40)), undefined),
    name: z.catch(z.optional(text(200)), undefined),
  }),
);
export type NewConversationSearch = z.infer<typeof NewConversationSearch>;
