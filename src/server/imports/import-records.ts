import type { Selectable } from 'kysely';
import type {
  DuplicatePolicy,
  ImportJob,
  ImportKind,
  ImportState,
  MappedRow,
  RowOutcome,
} from '../../contract/imports';
import type { ImportJobsTable } from '../store/schema';

// What the import repository (import-repository.ts) takes and gives: a new job and its rows, and
// a job and a row as read from their database rows.

export interface NewImportRow {
  readonly rowNumber: number;
  readonly cells: MappedRow;
  /** 'pending'; 'refused' when the row failed the contract's check; 'skipped' when empty. */
  readonly outcome: 'pending' | 'refused' | 'skipped';
  readonly reason: string | null;
}

export interface NewImportJob {
  readonly id: string;
  readonly kind: ImportKind;
  readonly duplicates: DuplicatePolicy;
  readonly fileName: string;
  readonly createdBy: string;
  readonly duplicatesFound: number;
  readonly at: Date;
}

export interface StoredRow {
  readonly rowNumber: number;
  readonly cells: MappedRow;
  readonly outcome: RowOutcome;
  readonly reason: string | null;
  readonly recordId: string | null;
  readonly attempted: boolean;
}

export const toJob = (row: Selectable<ImportJobsTable>): ImportJob => ({
  id: row.id,
  kind: row.kind as ImportKind,
  duplicates: row.duplicates as DuplicatePolicy,
  fileName: row.file_name,
  state: row.state as ImportState,
  total: row.total,
  counts: {
    pending: row.pending,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    refused: row.refused,
  },
  duplicatesFound: row.duplicates_found,
  pausedReason: row.paused_reason,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export const toStoredRow = (row: {
  row_number: number;
  cells: string;
  outcome: string;
  reason: string | null;
  record_id: string | null;
  attempted: boolean;
}): StoredRow => ({
  rowNumber: row.row_number,
  cells: JSON.parse(row.cells) as MappedRow,
  outcome: row.outcome as RowOutcome,
  reason: row.reason,
  recordId: row.record_id,
  attempted: row.attempted,
});
