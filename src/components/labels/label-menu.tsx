import * as Popover from '@radix-ui/react-popover';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { ChevronDown, Plus, Tag } from 'lucide-react';
import { useId, useState } from 'react';
import { canManageLabels, LabelName } from '@/contract';
import { labelKeys, labelsQuery, threadLabelsQuery } from '@/data/labels';
import { meQuery } from '@/data/session';
import { call } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { errorText } from '@/components/ui/states';
import { UserText } from '@/components/ui/user-text';
import { safeColor } from '@/lib/safe-color';
import { LABEL_MENU_LABEL, LABEL_TRIGGER } from './label-trigger';
import { useChangeThreadLabels } from './use-thread-labels';

/**
 * The thread header's labels: a checkbox per label (Tab and Space, or click), a box that filters
 * them as one types, and "Create label" for those who keep the list when nothing has that name.
 */
export function LabelMenu({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const labels = useQuery(labelsQuery());
  const held = useQuery(threadLabelsQuery(conversationId)).data ?? [];
  const { data: me } = useSuspenseQuery(meQuery());
  const change = useChangeThreadLabels(conversationId);
  const create = useCreateAndApply(conversationId);
  const filterId = useId();
  const needle = text.trim().toLowerCase();
  const list = labels.data ?? [];
  const shown = needle ? list.filter((l) => l.name.toLowerCase().includes(needle)) : list;
  const exact = list.some((l) => l.name.toLowerCase() === needle);
  const mayCreate =
    canManageLabels(me.role) && needle.length > 0 && !exact && LabelName.safeParse(text).success;

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setText('');
      }}
    >
      <Popover.Trigger className={LABEL_TRIGGER} aria-label={LABEL_MENU_LABEL} title={LABEL_MENU_LABEL}>
        <Tag size={14} aria-hidden />
        {held.length > 0 ? <span className="tabular">{held.length}</span> : null}
        <ChevronDown size={14} aria-hidden className="hidden sm:block" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          aria-label="Labels of this thread"
          className="z-50 flex w-64 flex-col gap-2 rounded-lg border border-border bg-raised p-2 shadow-lg"
        >
          <label htmlFor={filterId} className="sr-only">
            Filter labels
          </label>
          <input
            id={filterId}
            type="search"
            autoFocus
            value={text}
            placeholder="Filter labels"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && mayCreate) {
                e.preventDefault();
                create.mutate(text.trim(), { onSuccess: () => setText('') });
              }
            }}
            className="h-8 w-full rounded-md border border-border bg-bg px-2 text-sm focus:border-accent focus:outline-none"
          />
          {labels.isPending ? (
            <p role="status" className="px-1 text-sm text-muted">
              Loading labels…
            </p>
          ) : labels.isError ? (
            <p role="alert" className="px-1 text-sm text-danger">
              The labels could not be loaded.
            </p>
          ) : list.length === 0 && !mayCreate ? (
            <p className="px-1 text-sm text-muted">
              No labels yet. A manager or an admin adds them in Settings.
            </p>
          ) : shown.length === 0 && !mayCreate ? (
            <p className="px-1 text-sm text-muted">No label matches.</p>
          ) : (
            <ul className="flex max-h-64 flex-col overflow-y-auto">
              {shown.map((label) => {
                const checked = held.includes(label.id);
                return (
                  <li key={label.id}>
                    <label className="flex min-h-8 cursor-pointer items-center gap-2 rounded px-1.5 text-sm hover:bg-surface">
                      <input
                        type="checkbox"
                        checked={checked}
                        onChange={() => change.mutate(checked ? { remove: [label.id] } : { add: [label.id] })}
                      />
                      <span
                        aria-hidden
                        className="inline-block size-2 shrink-0 rounded-full"
                        style={{ backgroundColor: safeColor(label.color) }}
                      />
                      <span className="truncate">
                        <UserText>{label.name}</UserText>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
          {mayCreate ? (
            <button
              type="button"
              disabled={create.isPending}
              onClick={() => create.mutate(text.trim(), { onSuccess: () => setText('') })}
              className="flex min-h-8 items-center gap-2 rounded px-1.5 text-left text-sm hover:bg-surface"
            >
              <Plus size={14} aria-hidden />
              <span className="truncate">
                Create label “<UserText>{text.trim()}</UserText>”
              </span>
            </button>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Creates a label (in the list's default colour) and puts it on the thread. */
function useCreateAndApply(conversationId: string) {
  const queryClient = useQueryClient();
  const change = useChangeThreadLabels(conversationId);
  const [pending, setPending] = useState(false);
  return {
    isPending: pending,
    mutate: (name: string, options: { onSuccess: () => void }) => {
      setPending(true);
      call('labels.create', { body: { name, color: '#64748b' } })
        .then(async (label) => {
          await queryClient.invalidateQueries({ queryKey: labelKeys.list() });
          change.mutate({ add: [label.id] });
          options.onSuccess();
        })
        .catch((error: unknown) =>
          notify.error('The label could not be created', { description: errorText(error) }),
        )
        .finally(() => setPending(false));
    },
  };
}
