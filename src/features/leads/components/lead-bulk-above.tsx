import { BulkRunStatus } from '@/components/bulk/bulk-run-status';
import type { BulkSelection } from '@/lib/bulk-selection';
import { LeadBulkBar, type LeadBulkBarProps } from './lead-bulk-bar';

// What stands over the leads (the board's columns, the list's table) for bulk actions: the runs'
// status, and the bar while anything is picked.

interface LeadBulkAboveProps extends Omit<LeadBulkBarProps, 'selection' | 'onSelectAll' | 'onClear'> {
  /** The selection and its setters (useBulkSelection). */
  picking: { selection: BulkSelection; selectAll: () => void; clear: () => void };
}

export function LeadBulkAbove({ picking, ...bar }: LeadBulkAboveProps) {
  return (
    <>
      <BulkRunStatus target="leads" />
      {picking.selection.ids.size > 0 ? (
        <LeadBulkBar
          {...bar}
          selection={picking.selection}
          onSelectAll={picking.selectAll}
          onClear={picking.clear}
        />
      ) : null}
    </>
  );
}
