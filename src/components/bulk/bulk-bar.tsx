import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { BulkRun } from '@/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/components/ui/states';
import type { BulkSelection } from '@/lib/bulk-selection';
import { raise } from '@/lib/toast';

// The bar over a list while its records are picked for a bulk action (the inbox's threads, the
// leads): how many, "Select all N matching", Clear, and the list's own actions, each of which starts
// a run (src/server/bulk). A run goes on on the server; its progress and report show in
// BulkRunStatus (bulk-run-status.tsx), which finds it again after the screen was left.

/** The records a run acts on: those picked one by one, or every one under the list's filter. */
type Picked<F> = { ids: string[] } | { filter: F; expected: number };

/** What each list's own actions are given. */
export interface BulkBarActions<A, Args> {
  /** A run is being started: the actions wait. */
  busy: boolean;
  /** How many are picked (every one under the filter: its total). */
  count: number;
  /** Starts a run on the picked records; true once started (the selection is cleared then). */
  run: (action: A, args?: Args) => Promise<boolean>;
}

interface BulkBarProps<A extends string, Args, F> {
  selection: BulkSelection;
  /** Records under the filter, all of them. */
  total: number;
  /** The list's filter as the run's body takes it, for "Select all N matching". */
  filter: F;
  /** "Select all N matching" may be offered: the BFF resolves this filter. */
  canSelectAll?: boolean;
  /** Starts the run on the BFF (src/data/bulk.ts). */
  start: (
    queryClient: QueryClient,
    body: { action: A; args?: Args; selection: Picked<F> },
  ) => Promise<BulkRun>;
  /** A number of the records with their noun, for the toast once a run started: "3 threads". */
  records: (n: number) => string;
  /** How a number reads in the bar. */
  countText?: (n: number) => string;
  /** The bar's horizontal padding, the list's own. */
  className: string;
  onSelectAll: () => void;
  onClear: () => void;
  /** The list's own actions, between the counts and Clear. */
  children: (bar: BulkBarActions<A, Args>) => ReactNode;
}

export function BulkBar<A extends string, Args, F>({
  selection,
  total,
  filter,
  canSelectAll = true,
  start,
  records,
  countText = String,
  className,
  onSelectAll,
  onClear,
  children,
}: BulkBarProps<A, Args, F>) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const count = selection.allMatching ? total : selection.ids.size;
  const canAll = canSelectAll && !selection.allMatching && total > selection.ids.size;

  const run = async (action: A, args?: Args) => {
    const picked: Picked<F> = selection.allMatching
      ? { filter, expected: total }
      : { ids: [...selection.ids] };
    setBusy(true);
    try {
      const started = await start(queryClient, {
        action,
        ...(args ? { args } : {}),
        selection: picked,
      });
      raise('info', `Started on ${records(started.total)}`);
      onClear();
      return true;
    } catch (error) {
      raise('error', errorText(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      role="toolbar"
      aria-label="Bulk actions"
      className={`flex flex-wrap items-center gap-1.5 border-b border-border bg-accent-soft py-2 text-[13px] ${className}`}
    >
      <span className="tabular font-medium">
        {selection.allMatching ? `All ${countText(total)} matching selected` : `${countText(count)} selected`}
      </span>
      {canAll ? (
        <Button size="sm" variant="ghost" onClick={onSelectAll}>
          Select all {countText(total)} matching
        </Button>
      ) : null}
      <span className="flex-1" />
      {children({ busy, count, run })}
      <Button size="sm" variant="ghost" onClick={onClear} title="Clear the selection (Escape)">
        Clear
      </Button>
    </div>
  );
}

const MENU = 'min-w-48 rounded-md border border-border bg-raised p-1 shadow-lg';
/** A menu whose items may run long (stages, teammates): it scrolls. */
const LONG_MENU = `max-h-80 overflow-y-auto ${MENU}`;
const ITEM =
  'flex min-h-8 cursor-default items-center rounded px-2 text-[13px] outline-none data-[highlighted]:bg-accent-soft';

interface BulkMenuProps<T extends { id: string }> {
  /** The bar's button ("Assign to…"). */
  label: string;
  disabled: boolean;
  items: readonly T[];
  /** What an item reads as in the menu. */
  text: (item: T) => ReactNode;
  onPick: (item: T) => void;
  /** The items may run long: the menu scrolls. */
  long?: boolean;
}

/** A bar's action that asks which first (a teammate, a stage, a time). */
export function BulkMenu<T extends { id: string }>({
  label,
  disabled,
  items,
  text,
  onPick,
  long = false,
}: BulkMenuProps<T>) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button size="sm" disabled={disabled}>
          {label}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={long ? LONG_MENU : MENU} align="end">
          {items.map((item) => (
            <DropdownMenu.Item key={item.id} className={ITEM} onSelect={() => onPick(item)}>
              {text(item)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

interface ConfirmedBulkActionProps {
  /** The bar's button ("Delete"). */
  label: string;
  /** The question, naming how many ("Delete 3 leads?"). */
  title: string;
  /** What the run does that cannot be taken back. */
  description: string;
  /** The button that starts the run ("Delete 3 leads"). */
  confirm: string;
  busy: boolean;
  /** Starts the run; true once started (the confirmation closes). */
  onConfirm: () => Promise<boolean>;
}

/** A destructive action of the bar: it starts only after a confirmation naming how many. */
export function ConfirmedBulkAction({
  label,
  title,
  description,
  confirm,
  busy,
  onConfirm,
}: ConfirmedBulkActionProps) {
  const [confirming, setConfirming] = useState(false);
  const start = async () => {
    if (await onConfirm()) setConfirming(false);
  };
  return (
    <>
      <Button size="sm" variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
        {label}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={(open) => (busy ? undefined : setConfirming(open))}
        title={title}
        description={description}
      >
        <div className="flex justify-end gap-2">
          <Button disabled={busy} onClick={() => setConfirming(false)}>
            Keep them
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => void start()}>
            {busy ? 'Starting…' : confirm}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
