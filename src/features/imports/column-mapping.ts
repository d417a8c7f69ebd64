import {
  checkImportRow,
  FIRST_DATA_ROW,
  foldKey,
  isEmptyRow,
  IMPORT_FIELDS,
  type ImportKind,
  type MappedRow,
  type RowContext,
} from '@/contract/imports';
import { nextTask } from '@/lib/next-task';

// Which file column goes to which field: guessed from the header names (each field at most
// once), then the user's to change. The rows are then turned into mapped cells and checked against
// the contract exactly as the BFF will check them.

/** Per file column, the field it fills, or '' for "not imported". */
export type ColumnMapping = readonly string[];

export function guessMapping(kind: ImportKind, headers: readonly string[]): ColumnMapping {
  const taken = new Set<string>();
  const fields = IMPORT_FIELDS[kind];
  // Exact names first, so "Email" goes to email even when another field lists it as an alias.
  const byHeader = headers.map((header) => {
    const folded = foldKey(header);
    const field = fields.find((f) => f.aliases[0] === folded && !taken.has(f.key));
    if (field) taken.add(field.key);
    return field?.key ?? null;
  });
  return headers.map((header, i) => {
    if (byHeader[i]) return byHeader[i];
    const folded = foldKey(header);
    const field = fields.find((f) => f.aliases.includes(folded) && !taken.has(f.key));
    if (!field) return '';
    taken.add(field.key);
    return field.key;
  });
}

/** The required fields no column fills. */
export function missingRequired(kind: ImportKind, mapping: ColumnMapping): string[] {
  return IMPORT_FIELDS[kind].filter((f) => f.required && !mapping.includes(f.key)).map((f) => f.label);
}

export function mapRow(row: readonly string[], mapping: ColumnMapping): MappedRow {
  const out: Record<string, string> = {};
  mapping.forEach((key, i) => {
    if (key) out[key] = row[i] ?? '';
  });
  return out;
}

export interface RowProblem {
  /** The row's number in the file (the header is row 1). */
  readonly row: number;
  readonly errors: readonly string[];
}

export interface MappedFile {
  readonly rows: MappedRow[];
  readonly problems: RowProblem[];
}

const SLICE = 2_000;

/**
 * Maps and checks every row, a slice at a time so a 50,000-row file never freezes the page;
 * `progress` is told how many rows are done.
 */
export async function mapAndCheck(
  kind: ImportKind,
  rows: readonly (readonly string[])[],
  mapping: ColumnMapping,
  ctx: RowContext,
  progress: (done: number) => void = () => undefined,
): Promise<MappedFile> {
  const mapped: MappedRow[] = [];
  const problems: RowProblem[] = [];
  for (let start = 0; start < rows.length; start += SLICE) {
    for (let i = start; i < Math.min(rows.length, start + SLICE); i++) {
      const cells = mapRow(rows[i]!, mapping);
      mapped.push(cells);
      if (isEmptyRow(cells)) continue;
      const check = checkImportRow(kind, cells, ctx);
      if (!check.ok) problems.push({ row: i + FIRST_DATA_ROW, errors: check.errors });
    }
    progress(Math.min(rows.length, start + SLICE));
    if (start + SLICE < rows.length) await nextTask();
  }
  return { rows: mapped, problems };
}
