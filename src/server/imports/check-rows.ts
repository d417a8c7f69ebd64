import {
  checkImportRow,
  FIRST_DATA_ROW,
  isEmptyRow,
  type ImportKind,
  type MappedRow,
} from '../../contract/imports';
import type { LeadStage } from '../../contract';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { DuplicateIndex } from './duplicate-index';
import { inSlices } from './in-slices';
import type { NewImportRow } from './import-records';
import { heldIndex } from './workspace-duplicates';

// A file's rows checked before the job is kept: each against the contract (a refused row says
// why, field by field), empty rows set aside, and how many rows match a record of the workspace or
// an earlier row of the file by email or phone, for the summary the user confirms.

export interface CheckedRows {
  readonly rows: NewImportRow[];
  readonly duplicatesFound: number;
}

/** Rows whose workspace duplicates are looked up with one query. */
export const CHECK_BATCH = 500;

type Checked =
  | { readonly done: NewImportRow }
  | {
      readonly row: NewImportRow;
      readonly record: { email?: string | null; phone?: string | null; mobile?: string | null };
    };

/** A row against the contract alone: skipped, refused, or a record to match. */
function contractCheck(kind: ImportKind, cells: MappedRow, i: number, stages: LeadStage[]): Checked {
  const rowNumber = i + FIRST_DATA_ROW;
  if (isEmptyRow(cells)) return { done: { rowNumber, cells, outcome: 'skipped', reason: 'Empty row' } };
  const check = checkImportRow(kind, cells, { stages });
  if (!check.ok) return { done: { rowNumber, cells, outcome: 'refused', reason: check.errors.join('; ') } };
  const record = 'customer' in check.record ? check.record.customer : check.record;
  return { row: { rowNumber, cells, outcome: 'pending', reason: null }, record };
}

/**
 * Checks rows in order, each against the workspace and the rows before it: a batch at a time, the
 * batch's possible duplicates in the workspace looked up by their keys in one query; the contract
 * checks run a slice at a time (in-slices.ts), since 50,000 wide rows take seconds.
 */
export async function checkRows(
  kind: ImportKind,
  rows: readonly MappedRow[],
  workspace: WorkspaceReader,
): Promise<CheckedRows> {
  const stages = await workspace.stages();
  const fileRows = new DuplicateIndex();
  const out: NewImportRow[] = [];
  let duplicatesFound = 0;
  for (let start = 0; start < rows.length; start += CHECK_BATCH) {
    const checked: Checked[] = [];
    await inSlices(rows.slice(start, start + CHECK_BATCH), (cells, i) => {
      checked.push(contractCheck(kind, cells, start + i, stages));
    });
    const candidates = checked.flatMap((c) => ('record' in c ? [c.record] : []));
    const { index: held } = await heldIndex(workspace.db, kind, candidates);
    for (const c of checked) {
      if ('done' in c) {
        out.push(c.done);
        continue;
      }
      if (held.find(c.record) || fileRows.find(c.record)) duplicatesFound++;
      else fileRows.add({ ...c.record, id: `row-${c.row.rowNumber}` });
      out.push(c.row);
    }
  }
  return { rows: out, duplicatesFound };
}
