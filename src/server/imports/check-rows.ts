import {
  checkImportRow,
  FIRST_DATA_ROW,
  isEmptyRow,
  type ImportKind,
  type MappedRow,
} from '../../contract/imports';
import type { ReadModel } from '../sync/read-model';
import { DuplicateIndex } from './duplicate-index';
import type { NewImportRow } from './import-records';

// A file's rows checked before the job is kept: each against the contract (a refused row says
// why, field by field), empty rows set aside, and how many rows match a record of the workspace or
// an earlier row of the file by email or phone, for the summary the user confirms.

export interface CheckedRows {
  readonly rows: NewImportRow[];
  readonly duplicatesFound: number;
}

export function checkRows(kind: ImportKind, rows: readonly MappedRow[], model: ReadModel): CheckedRows {
  const ctx = { stages: model.stages() };
  const seen = new DuplicateIndex(kind === 'leads' ? model.leads.values() : model.customers.values());
  let duplicatesFound = 0;
  const out = rows.map((cells, i): NewImportRow => {
    const rowNumber = i + FIRST_DATA_ROW;
    if (isEmptyRow(cells)) return { rowNumber, cells, outcome: 'skipped', reason: 'Empty row' };
    const check = checkImportRow(kind, cells, ctx);
    if (!check.ok) return { rowNumber, cells, outcome: 'refused', reason: check.errors.join('; ') };
    const record = 'customer' in check.record ? check.record.customer : check.record;
    if (seen.find(record)) duplicatesFound++;
    else seen.add({ ...record, id: `row-${rowNumber}` });
    return { rowNumber, cells, outcome: 'pending', reason: null };
  });
  return { rows: out, duplicatesFound };
}
