import * as z from 'zod/mini';
import { Id } from './common';

export const Tag = z.looseObject({ id: Id, name: z.string(), color: z.nullish(z.string()) });
export type Tag = z.infer<typeof Tag>;

export const TagList = z.looseObject({ data: z.array(Tag) });
export type TagList = z.infer<typeof TagList>;
