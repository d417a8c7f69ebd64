import {
  checkImportRow,
  FIRST_DATA_ROW,
  isEmptyRow,
  type ImportKind,
  type MappedRow,
} from '../../contract/imports';
import type { ReadModel } from '../sync/read-model';
import { DuplicateIndex } from './duplicate-index';
import { inSlices } from './in-slices';
import type { NewImportRow } from './import-records';

// A file's rows checked before the job is kept: each against the contract (a refused row says
// why, field by field), empty rows set aside, and how many rows match a record of the workspace or
// an earlier row of the file by email or phone, for the summary the user confirms.

export interface CheckedRows {
  readonly rows: NewImportRow[];
  readonly duplicatesFound: number;
}

/** Checks rows one at a time, in order, each against the workspace and the rows before it. */
function rowChecker(kind: ImportKind, model: ReadModel) {
  const ctx = { stages: model.stages() };
  const seen = new DuplicateIndex(kind === 'leads' ? model.leads.values() : model.customers.values());
  let duplicatesFound = 0;
  return {
    check(cells: MappedRow, i: number): NewImportRow {
      const rowNumber = i + FIRST_DATA_ROW;
      if (isEmptyRow(cells)) return { rowNumber, cells, outcome: 'skipped', reason: 'Empty row' };
      const check = checkImportRow(kind, cells, ctx);
      if (!check.ok) return { rowNumber, cells, outcome: 'refused', reason: check.errors.join('; ') };
      const record = 'customer' in check.record ? check.record.customer : check.record;
      if (seen.find(record)) duplicatesFound++;
      else seen.add({ ...record, id: `row-${rowNumber}` });
      return { rowNumber, cells, outcome: 'pending', reason: null };
    },
    get duplicatesFound() {
      return duplicatesFound;
    },
  };
}

export function checkRows(kind: ImportKind, rows: readonly MappedRow[], model: ReadModel): CheckedRows {
  const checker = rowChecker(kind, model);
  const out = rows.map((cells, i) => checker.check(cells, i));
  return { rows: out, duplicatesFound: checker.duplicatesFound };
}

/** The same, a slice at a time (in-slices.ts): checking 50,000 wide rows takes seconds. */
export async function checkRowsInSlices(
  kind: ImportKind,
  rows: readonly MappedRow[],
  model: ReadModel,
): Promise<CheckedRows> {
  const checker = rowChecker(kind, model);
  const out: NewImportRow[] = [];
  await inSlices(rows, (cells, i) => void out.push(checker.check(cells, i)));
  return { rows: out, duplicatesFound: checker.duplicatesFound };
}
