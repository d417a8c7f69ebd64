import * as z from 'zod/mini';
import { Id } from './common';

export const Tag = z.lazy(() => z.looseObject({ id: Id, name: z.string(), color: z.nullish(z.string()) }));
export type Tag = z.infer<typeof Tag>;

export const TagList = z.lazy(() => z.looseObject({ data: z.array(Tag) }));
export type TagList = z.infer<typeof TagList>;
