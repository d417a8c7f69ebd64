import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConversationBulkBody } from '@/contract';
import { Button } from '@/components/ui/button';
import { errorText } from '@/components/ui/states';
import { UserText } from '@/components/ui/user-text';
import { startConversationBulk } from '@/data/bulk';
import type { ConversationFilters } from '@/data/conversations';
import { teamQuery } from '@/data/session';
import { raise } from '@/lib/toast';
import { snoozePresets } from '../snooze/snooze-presets';
import type { BulkSelection } from '@/lib/bulk-selection';

// The bar over the thread list while threads are picked: how many, "Select all N matching", and
// the actions a bulk run takes (src/server/bulk). A run goes on on the server; its progress shows
// in BulkRunStatus (src/components/bulk), which finds it again after the screen was left.

const MENU = 'min-w-48 rounded-md border border-border bg-raised p-1 shadow-lg';
const ITEM =
  'flex min-h-8 cursor-default items-center rounded px-2 text-[13px] outline-none data-[highlighted]:bg-accent-soft';

interface BulkSelectBarProps {
  selection: BulkSelection;
  /** Threads under the filter, all of them. */
  total: number;
  filters: ConversationFilters;
  onSelectAll: () => void;
  onClear: () => void;
}

export function BulkSelectBar({ selection, total, filters, onSelectAll, onClear }: BulkSelectBarProps) {
  const queryClient = useQueryClient();
  const team = useQuery(teamQuery());
  const [busy, setBusy] = useState(false);
  const count = selection.allMatching ? total : selection.ids.size;
  // The unread view is the reader's own: the BFF resolves the others' filters, not that one.
  const canAll = !filters.unread && !selection.allMatching && total > selection.ids.size;

  const run = async (action: ConversationBulkBody['action'], args?: ConversationBulkBody['args']) => {
    const picked: ConversationBulkBody['selection'] = selection.allMatching
      ? {
          filter: {
            ...(filters.status ? { status: filters.status } : {}),
            ...(filters.assignedTo ? { assignedTo: filters.assignedTo } : {}),
            ...(filters.channelId ? { channelId: filters.channelId } : {}),
            ...(filters.search?.trim() ? { search: filters.search.trim() } : {}),
          },
          expected: total,
        }
      : { ids: [...selection.ids] };
    setBusy(true);
    try {
      const started = await startConversationBulk(queryClient, {
        action,
        ...(args ? { args } : {}),
        selection: picked,
      });
      raise('info', `Started on ${started.total} threads`);
      onClear();
    } catch (error) {
      raise('error', errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-1.5 border-b border-border bg-accent-soft px-3 py-2 text-[13px]"
    >
      <span className="tabular font-medium">
        {selection.allMatching ? `All ${total} matching selected` : `${count} selected`}
      </span>
      {canAll ? (
        <Button size="sm" variant="ghost" onClick={onSelectAll}>
          Select all {total} matching
        </Button>
      ) : null}
      <span className="flex-1" />
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button size="sm" disabled={busy}>
            Assign to…
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={MENU} align="end">
            {(team.data?.members ?? []).map((member) => (
              <DropdownMenu.Item
                key={member.id}
                className={ITEM}
                onSelect={() => void run('assign', { userId: member.id })}
              >
                <UserText>{member.name}</UserText>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Button size="sm" disabled={busy} onClick={() => void run('unassign')}>
        Unassign
      </Button>
      <Button size="sm" disabled={busy} onClick={() => void run('close')}>
        Close
      </Button>
      <Button size="sm" disabled={busy} onClick={() => void run('reopen')}>
        Reopen
      </Button>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button size="sm" disabled={busy}>
            Snooze
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={MENU} align="end">
            {snoozePresets(new Date()).map((preset) => (
              <DropdownMenu.Item
                key={preset.id}
                className={ITEM}
                onSelect={() => void run('snooze', { until: preset.until.toISOString() })}
              >
                {preset.label} · {preset.time}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Button size="sm" variant="ghost" onClick={onClear} title="Clear the selection (Escape)">
        Clear
      </Button>
    </div>
  );
}
