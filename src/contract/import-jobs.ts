import * as z from 'zod/mini';
import { DateTime, Id, once } from './common';
import { ImportKind } from './import-kinds';
import { storableText } from './storable';

// The BFF's CSV import jobs (issue 15) as its routes take and answer them (routes/imports.ts): the
// mapped rows a job is made from, the job and its counts, its refused rows. Apart from the row
// checks (imports.ts, which re-exports this file), so that the route table, which every screen
// loads, does not bring those with it.

/** What to do with a row whose email or phone is already on a record. */
export const DUPLICATE_POLICIES = ['skip', 'update', 'create'] as const;
export const DuplicatePolicy = z.enum(DUPLICATE_POLICIES);
export type DuplicatePolicy = z.infer<typeof DuplicatePolicy>;

/** A file may hold at most this many rows; a larger one is refused as a whole, before any send. */
export const MAX_IMPORT_ROWS = 50_000;

/**
 * The most bytes a job's body (POST /bff/imports) may have. 50,000 rows of the widest import
 * (customers: 20 mapped columns), every cell filled with a long but plausible value, measured
 * 37.5 MiB as JSON; a leads file of the same rows, 19.5 MiB. The limit leaves room above the
 * first, and bounds what one request may make the BFF hold.
 */
export const IMPORT_BODY_LIMIT = 40 * 1024 * 1024;

/** One mapped row of a job's body: field key to cell text, both text the database can hold. */
export const ImportRowCells = z.lazy(() =>
  z.record(z.string().check(storableText()), z.string().check(storableText())),
);

const importRows = <T extends z.ZodMiniType>(row: T) =>
  z.array(row).check(
    z.minLength(1, 'rows must hold at least one row'),
    // Said with the file's own count: the browser shows it as the reason the file is refused.
    z.refine((rows: readonly unknown[]) => rows.length <= MAX_IMPORT_ROWS, {
      error: (issue) =>
        `rows: the file has ${(issue.input as readonly unknown[]).length.toLocaleString('en')} rows; import at most ${MAX_IMPORT_ROWS.toLocaleString('en')} at a time`,
      abort: true,
    }),
  );

const importEnvelope = once(() =>
  z.strictObject({
    kind: ImportKind,
    duplicates: DuplicatePolicy,
    fileName: z.string().check(z.trim(), storableText(), z.minLength(1), z.maxLength(200)),
    rows: importRows(z.unknown()),
  }),
);

/** A job's body without its rows' cells checked: the BFF checks those a slice at a time, so a
 *  50,000-row file does not hold its event loop (ImportRowCells each). */
export const ImportCreateEnvelope = z.lazy(importEnvelope);

/** A job's body: the file's rows, already mapped by the user; nothing is sent until it is started. */
export const ImportCreateBody = z.lazy(() =>
  z.extend(importEnvelope(), { rows: importRows(ImportRowCells) }),
);
export type ImportCreateBody = z.infer<typeof ImportCreateBody>;

export const IMPORT_STATES = ['ready', 'running', 'paused', 'done', 'cancelled'] as const;
export const ImportState = z.enum(IMPORT_STATES);
export type ImportState = z.infer<typeof ImportState>;

export const ROW_OUTCOMES = ['pending', 'created', 'updated', 'skipped', 'refused'] as const;
export const RowOutcome = z.enum(ROW_OUTCOMES);
export type RowOutcome = z.infer<typeof RowOutcome>;

export const ImportCounts = z.lazy(() =>
  z.object({
    pending: z.int(),
    created: z.int(),
    updated: z.int(),
    skipped: z.int(),
    refused: z.int(),
  }),
);
export type ImportCounts = z.infer<typeof ImportCounts>;

export const ImportJob = z.lazy(() =>
  z.object({
    id: Id,
    kind: ImportKind,
    duplicates: DuplicatePolicy,
    fileName: z.string(),
    state: ImportState,
    total: z.int(),
    counts: ImportCounts,
    /** Rows whose email or phone matched a record (or an earlier row) when the file was checked. */
    duplicatesFound: z.int(),
    /** Why the job paused: the upstream's answer or an outage, in words. */
    pausedReason: z.nullable(z.string()),
    createdBy: z.string(),
    createdAt: DateTime,
    updatedAt: DateTime,
  }),
);
export type ImportJob = z.infer<typeof ImportJob>;

export const ImportJobList = z.lazy(() => z.object({ data: z.array(ImportJob) }));
export type ImportJobList = z.infer<typeof ImportJobList>;

/** A job's report: every row, or the rows of one outcome. */
export const ImportReportQuery = z.lazy(() => z.object({ outcome: z.optional(RowOutcome) }));
export type ImportReportQuery = z.infer<typeof ImportReportQuery>;

/** How many refused rows the import's screen lists with their reasons (the report has them all). */
export const REFUSED_SHOWN = 50;

/** A job's first refused rows, in file order, each with why. */
export const RefusedRows = z.lazy(() =>
  z.object({
    rows: z.array(z.object({ rowNumber: z.int(), reason: z.nullable(z.string()) })),
  }),
);
export type RefusedRows = z.infer<typeof RefusedRows>;
