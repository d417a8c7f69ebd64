import * as z from 'zod/mini';
import { JobKind, JobState } from '@/contract';

// The jobs page's URL: its two filters, so a filtered view survives a reload and can be shared. A
// value that is not a kind or a state falls back to no filter instead of failing the page.

export const JobSearch = z.lazy(() =>
  z.object({
    kind: z.catch(z.optional(JobKind), undefined),
    state: z.catch(z.optional(JobState), undefined),
  }),
);
export type JobSearch = z.infer<typeof JobSearch>;
