import * as z from 'zod/mini';
import { fieldErrors } from '../../contract/common';
import { ImportRowCells, unknownImportFields, type ImportKind } from '../../contract/imports';
import { inSlices } from './in-slices';

// The rows of a new job (POST /bff/imports), tens of megabytes at the row limit: the body is read
// as it arrives (its contract's bodyLimit, bff-routes/streamed-json-body.ts) and checked past its
// schema here, a slice at a time, so that the event loop is never held for long (issue 34).

export { IMPORT_BODY_LIMIT } from '../../contract/imports';

/** Most messages one refusal lists: enough to fix a file's mapping, not a 50,000-line answer. */
export const MAX_MESSAGES = 20;

/**
 * What is wrong with the rows' shape (each an object of text cells the database can hold), else
 * with their fields (one the kind does not have), a slice at a time; empty when nothing is.
 */
export async function rowProblems(kind: ImportKind, rows: readonly unknown[]): Promise<string[]> {
  const shape: string[] = [];
  await inSlices(rows, (row, i) => {
    const parsed = ImportRowCells.safeParse(row);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ ...issue, path: ['rows', i, ...issue.path] }));
      shape.push(...fieldErrors(new z.core.$ZodError(issues)));
    }
    return shape.length < MAX_MESSAGES;
  });
  if (shape.length > 0) return shape.slice(0, MAX_MESSAGES);
  const unknown = new Set<string>();
  const slice = 1_000;
  const starts = Array.from({ length: Math.ceil(rows.length / slice) }, (_, n) => n * slice);
  await inSlices(starts, (start) => {
    const cells = rows.slice(start, start + slice) as Record<string, string>[];
    for (const message of unknownImportFields(kind, cells)) unknown.add(message);
    return unknown.size < MAX_MESSAGES;
  });
  return [...unknown].slice(0, MAX_MESSAGES);
}
