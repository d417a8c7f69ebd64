import * as z from 'zod/mini';
import { Id } from '@/contract';

/** `/inbox/new?channelId=&to=&name=`: other pages link here to start a thread with someone. */
export const NewConversationSearch = z.object({
  channelId: z.catch(z.optional(Id), undefined),
  to: z.catch(z.optional(z.string().check(z.maxLength(40))), undefined),
  name: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
});
export type NewConversationSearch = z.infer<typeof NewConversationSearch>;
