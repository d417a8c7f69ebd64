import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LeadBulkBody, LeadStage } from '@/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/components/ui/states';
import { UserText } from '@/components/ui/user-text';
import { startLeadBulk } from '@/data/bulk';
import { boardFilters, type BoardFilters } from '@/data/leads';
import type { BulkSelection } from '@/lib/bulk-selection';
import { count as countText } from '@/lib/format';
import { raise } from '@/lib/toast';

// The bar over the leads table while leads are picked (managers and admins): how many, "Select all
// N matching", and the bulk runs the BFF takes on leads (src/server/bulk): move to a stage,
// reassign, delete (after a confirmation naming how many). The run goes on on the server; its
// progress and report show in BulkRunStatus (src/components/bulk), found again after leaving.

const MENU = 'max-h-80 min-w-48 overflow-y-auto rounded-md border border-border bg-raised p-1 shadow-lg';
const ITEM =
  'flex min-h-8 cursor-default items-center rounded px-2 text-[13px] outline-none data-[highlighted]:bg-accent-soft';

interface LeadBulkBarProps {
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

export function LeadBulkBar({
  selection,
  total,
  filters,
  stages,
  members,
  onSelectAll,
  onClear,
}: LeadBulkBarProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const count = selection.allMatching ? total : selection.ids.size;
  const canAll = !selection.allMatching && total > selection.ids.size;

  const run = async (action: LeadBulkBody['action'], args?: LeadBulkBody['args']) => {
    const picked: LeadBulkBody['selection'] = selection.allMatching
      ? { filter: boardFilters(filters), expected: total }
      : { ids: [...selection.ids] };
    setBusy(true);
    try {
      const started = await startLeadBulk(queryClient, {
        action,
        ...(args ? { args } : {}),
        selection: picked,
      });
      raise('info', `Started on ${leadsText(started.total)}`);
      setConfirming(false);
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
      className="flex flex-wrap items-center gap-1.5 border-b border-border bg-accent-soft px-4 py-2 text-[13px]"
    >
      <span className="tabular-nums font-medium">
        {selection.allMatching ? `All ${countText(total)} matching selected` : `${countText(count)} selected`}
      </span>
      {canAll ? (
        <Button size="sm" variant="ghost" onClick={onSelectAll}>
          Select all {countText(total)} matching
        </Button>
      ) : null}
      <span className="flex-1" />
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button size="sm" disabled={busy}>
            Move to stage…
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={MENU} align="end">
            {stages.map((stage) => (
              <DropdownMenu.Item
                key={stage.key}
                className={ITEM}
                onSelect={() => void run('move', { stage: stage.key })}
              >
                <UserText>{stage.name}</UserText>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button size="sm" disabled={busy || members.length === 0}>
            Reassign to…
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={MENU} align="end">
            {members.map((member) => (
              <DropdownMenu.Item
                key={member.id}
                className={ITEM}
                onSelect={() => void run('reassign', { userId: member.id })}
              >
                <UserText>{member.name}</UserText>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Button size="sm" variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear} title="Clear the selection (Escape)">
        Clear
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(open) => (busy ? undefined : setConfirming(open))}
        title={`Delete ${leadsText(count)}?`}
        description="They are deleted in the CRM for everyone. This cannot be undone."
      >
        <div className="flex justify-end gap-2">
          <Button disabled={busy} onClick={() => setConfirming(false)}>
            Keep them
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => void run('delete')}>
            {busy ? 'Starting…' : `Delete ${leadsText(count)}`}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
