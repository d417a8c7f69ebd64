import type { DuplicatePolicy, ImportKind, ImportState } from '@/contract/imports';
import { count } from '@/lib/format';

// The words the import screen uses for a job's state and the duplicate choices, in one place.

export const KIND_WORDS: Readonly<Record<ImportKind, string>> = {
  leads: 'Leads',
  customers: 'Customers with contacts',
};

export const STATE_WORDS: Readonly<Record<ImportState, string>> = {
  ready: 'Checked, ready to start',
  running: 'Importing',
  paused: 'Paused',
  done: 'Finished',
  cancelled: 'Cancelled',
};

/** "…will be <words>" */
export const POLICY_WORDS: Readonly<Record<DuplicatePolicy, string>> = {
  skip: 'skipped',
  update: 'updated with the file’s values',
  create: 'created as new records anyway',
};

/** Every policy, in the order offered. */
export const POLICY_CHOICES: readonly { value: DuplicatePolicy; label: string; hint: string }[] = [
  { value: 'skip', label: 'Skip them', hint: 'The existing record stays as it is.' },
  { value: 'update', label: 'Update the existing record', hint: 'Cells with a value replace the record’s.' },
  { value: 'create', label: 'Create a new record anyway', hint: 'You may end up with two records.' },
];

/** "1 row", "2,500 rows". */
export const rowsWord = (n: number): string => `${count(n)} ${n === 1 ? 'row' : 'rows'}`;
