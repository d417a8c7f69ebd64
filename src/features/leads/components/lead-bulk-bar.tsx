import type { LeadStage } from '@/contract';
import { BulkBar, BulkMenu, ConfirmedBulkAction } from '@/components/bulk/bulk-bar';
import { UserText } from '@/components/ui/user-text';
import { startLeadBulk } from '@/data/bulk';
import { boardFilters, type BoardFilters } from '@/data/leads';
import type { BulkSelection } from '@/lib/bulk-selection';
import { count as countText } from '@/lib/format';

// The bar over the leads table or board while leads are picked (managers and admins; the frame:
// BulkBar, src/components/bulk), with the bulk runs the BFF takes on leads (src/server/bulk): move
// to a stage, reassign, delete (after a confirmation naming how many).

export interface LeadBulkBarProps {
  selection: BulkSelection;
  /** Leads under the filter, every page. */
  total: number;
  filters: BoardFilters;
  stages: readonly LeadStage[];
  members: readonly { id: string; name: string }[];
  onSelectAll: () => void;
  onClear: () => void;
}

const leadsText = (n: number) => `${countText(n)} ${n === 1 ? 'lead' : 'leads'}`;
const nameOf = (named: { name: string }) => <UserText>{named.name}</UserText>;

export function LeadBulkBar({
  selection,
  total,
  filters,
  stages,
  members,
  onSelectAll,
  onClear,
}: LeadBulkBarProps) {
  return (
    <BulkBar
      selection={selection}
      total={total}
      filter={boardFilters(filters)}
      start={startLeadBulk}
      records={leadsText}
      countText={countText}
      className="px-4"
      onSelectAll={onSelectAll}
      onClear={onClear}
    >
      {({ busy, count, run }) => (
        <>
          <BulkMenu
            label="Move to stage…"
            disabled={busy}
            items={stages}
            text={nameOf}
            onPick={(stage) => void run('move', { stage: stage.key })}
            long
          />
          <BulkMenu
            label="Reassign to…"
            disabled={busy || members.length === 0}
            items={members}
            text={nameOf}
            onPick={(member) => void run('reassign', { userId: member.id })}
            long
          />
          <ConfirmedBulkAction
            label="Delete"
            title={`Delete ${leadsText(count)}?`}
            description="They are deleted in the CRM for everyone. This cannot be undone."
            confirm={`Delete ${leadsText(count)}`}
            busy={busy}
            onConfirm={() => run('delete')}
          />
        </>
      )}
    </BulkBar>
  );
}
