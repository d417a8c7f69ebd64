import { useQuery } from '@tanstack/react-query';
import type { ConversationBulkFilter } from '@/contract';
import { BulkBar, BulkMenu } from '@/components/bulk/bulk-bar';
import { Button } from '@/components/ui/button';
import { UserText } from '@/components/ui/user-text';
import { startConversationBulk } from '@/data/bulk';
import type { ConversationFilters } from '@/data/conversations';
import { teamQuery } from '@/data/session';
import { snoozePresets } from '../snooze/snooze-presets';
import type { BulkSelection } from '@/lib/bulk-selection';

// The bar over the thread list while threads are picked (the frame: BulkBar, src/components/bulk),
// with the actions a bulk run takes on threads (src/server/bulk): assign, unassign, close, reopen,
// snooze.

interface BulkSelectBarProps {
  selection: BulkSelection;
  /** Threads under the filter, all of them. */
  total: number;
  filters: ConversationFilters;
  onSelectAll: () => void;
  onClear: () => void;
}

/** The thread list's filter as the run's body takes it, for "Select all N matching". */
const bulkFilter = (filters: ConversationFilters): ConversationBulkFilter => ({
  ...(filters.status ? { status: filters.status } : {}),
  ...(filters.assignedTo ? { assignedTo: filters.assignedTo } : {}),
  ...(filters.channelId ? { channelId: filters.channelId } : {}),
  ...(filters.search?.trim() ? { search: filters.search.trim() } : {}),
});

export function BulkSelectBar({ selection, total, filters, onSelectAll, onClear }: BulkSelectBarProps) {
  const team = useQuery(teamQuery());
  return (
    <BulkBar
      selection={selection}
      total={total}
      filter={bulkFilter(filters)}
      // The unread view is the reader's own: the BFF resolves the others' filters, not that one.
      canSelectAll={!filters.unread}
      start={startConversationBulk}
      records={(n) => `${n} threads`}
      className="px-3"
      onSelectAll={onSelectAll}
      onClear={onClear}
    >
      {({ busy, run }) => (
        <>
          <BulkMenu
            label="Assign to…"
            disabled={busy}
            items={team.data?.members ?? []}
            text={(member) => <UserText>{member.name}</UserText>}
            onPick={(member) => void run('assign', { userId: member.id })}
          />
          <Button size="sm" disabled={busy} onClick={() => void run('unassign')}>
            Unassign
          </Button>
          <Button size="sm" disabled={busy} onClick={() => void run('close')}>
            Close
          </Button>
          <Button size="sm" disabled={busy} onClick={() => void run('reopen')}>
            Reopen
          </Button>
          <BulkMenu
            label="Snooze"
            disabled={busy}
            items={snoozePresets(new Date())}
            text={(preset) => `${preset.label} · ${preset.time}`}
            onPick={(preset) => void run('snooze', { until: preset.until.toISOString() })}
          />
        </>
      )}
    </BulkBar>
  );
}
