import * as z from 'zod/mini';

// What a CSV import holds, alone in its own module: the import route's URL schema needs it on the
// first screen, and the rest of the import contract (fields, row checks) loads with the screen.

export const IMPORT_KINDS = ['leads', 'customers'] as const;
export const ImportKind = z.enum(IMPORT_KINDS);
export type ImportKind = z.infer<typeof ImportKind>;
