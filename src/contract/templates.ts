import * as z from 'zod/mini';
import { Id } from './common';

/** decisions.md: the primary platform's usual shape, with positional `{{1}}` parameters. */
export const TemplateComponent = z.lazy(() =>
  z.looseObject({
    type: z.string(),
    text: z.nullish(z.string()),
    format: z.nullish(z.string()),
    buttons: z.optional(z.array(z.looseObject({ type: z.string(), text: z.nullish(z.string()) }))),
  }),
);
export type TemplateComponent = z.infer<typeof TemplateComponent>;

export const Template = z.lazy(() =>
  z.looseObject({
    name: z.string(),
    language: z.string(),
    // Open lists: the spec gives `APPROVED` and `UTILITY` as examples only.
    status: z.string(),
    category: z.string(),
    components: z.array(TemplateComponent),
  }),
);
export type Template = z.infer<typeof Template>;

export const TemplateList = z.lazy(() => z.looseObject({ templates: z.array(Template) }));
export type TemplateList = z.infer<typeof TemplateList>;

export const TemplateListQuery = z.lazy(() => z.strictObject({ channelId: Id }));
export type TemplateListQuery = z.infer<typeof TemplateListQuery>;

export const APPROVED = 'APPROVED';
