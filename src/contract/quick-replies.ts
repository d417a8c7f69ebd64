import * as z from 'zod/mini';
import { DateTime, Id, once } from './common';

export const QuickReply = z.lazy(() =>
  z.looseObject({
    id: Id,
    title: z.string(),
    body: z.string(),
    shortcut: z.string(),
    created_at: DateTime,
    updated_at: DateTime,
  }),
);
export type QuickReply = z.infer<typeof QuickReply>;

export const QuickReplyList = z.lazy(() => z.looseObject({ data: z.array(QuickReply) }));
export type QuickReplyList = z.infer<typeof QuickReplyList>;

const quickReplyCreate = once(() =>
  z.strictObject({
    title: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    body: z.string().check(z.minLength(1), z.maxLength(4096)),
    shortcut: z
      .string()
      .check(
        z.trim(),
        z.minLength(1),
        z.maxLength(32),
        z.regex(/^[\w-]+$/, 'must be letters, digits, - or _'),
      ),
  }),
);
export const QuickReplyCreate = z.lazy(quickReplyCreate);
export type QuickReplyCreate = z.infer<typeof QuickReplyCreate>;

export const QuickReplyUpdate = z.lazy(() => z.partial(quickReplyCreate()));
export type QuickReplyUpdate = z.infer<typeof QuickReplyUpdate>;
