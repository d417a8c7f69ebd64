import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { Customer } from '@/contract';
import { Button } from '@/components/ui/button';
import { Skeleton, errorText } from '@/components/ui/states';
import { notify } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { resolveTags, tagsNotOn } from '@/lib/tags';
import { tagsQuery } from '@/data/tags';
import { useAddCustomerTags } from '../api/customers';
import { TagChips } from './tag-chips';
import { ColorDot } from '@/components/ui/color-dot';
import { UserText } from '@/components/ui/user-text';

function AddTagsPicker({ customer }: { customer: Customer }) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const tags = useQuery(tagsQuery());
  const add = useAddCustomerTags(customer.id);
  const offered = tagsNotOn(customer.tags, tags.data);

  const submit = () => {
    const tagIds = picked;
    setOpen(false);
    setPicked([]);
    add.mutate(tagIds, {
      onSuccess: () =>
        notify.success(tagIds.length === 1 ? 'Tag added' : `${String(tagIds.length)} tags added`),
      onError: (error) => notify.error('The tags were not added', { description: errorText(error) }),
    });
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setPicked([]);
      }}
    >
      <Popover.Trigger asChild>
        <Button size="sm" variant="ghost">
          <Plus size={14} aria-hidden />
          Add tags
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          aria-label="Add tags"
          className="z-50 w-64 rounded-lg border border-border bg-raised p-3 shadow-lg focus:outline-none"
        >
          {tags.isPending ? (
            <p className="text-muted">Loading tags…</p>
          ) : tags.isError ? (
            <p role="alert" className="text-danger">
              {errorText(tags.error)}
            </p>
          ) : offered.length === 0 ? (
            <p className="text-muted">This customer already has every tag.</p>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (picked.length) submit();
              }}
            >
              <fieldset>
                <legend className="mb-2 text-xs font-medium uppercase tracking-wide text-subtle">Tags</legend>
                <ul className="flex max-h-60 flex-col overflow-y-auto">
                  {offered.map((tag) => (
                    <li key={tag.id}>
                      <label className="flex min-h-8 cursor-pointer items-center gap-2 rounded px-1 hover:bg-surface">
                        <input
                          type="checkbox"
                          checked={picked.includes(tag.id)}
                          onChange={(e) =>
                            setPicked((p) =>
                              e.target.checked ? [...p, tag.id] : p.filter((id) => id !== tag.id),
                            )
                          }
                        />
                        <ColorDot color={tag.color} />
                        <UserText>{tag.name}</UserText>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              <div className="mt-3 flex justify-end">
                <Button size="sm" variant="primary" type="submit" disabled={picked.length === 0}>
                  {picked.length > 1 ? `Add ${String(picked.length)} tags` : 'Add tag'}
                </Button>
              </div>
            </form>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

export function CustomerTags({ customer }: { customer: Customer }) {
  const tags = useQuery(tagsQuery());
  const can = useCan();
  return (
    <section aria-labelledby="customer-tags-title" className="rounded-lg border border-border bg-raised p-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="customer-tags-title" className="font-semibold">
          Tags
        </h2>
        {can('customers.addTags') ? <AddTagsPicker customer={customer} /> : null}
      </div>
      {tags.isPending && (customer.tags?.length ?? 0) > 0 ? (
        <Skeleton className="h-6 w-40" />
      ) : (
        <TagChips tags={resolveTags(customer.tags, tags.data)} emptyText="No tags yet." />
      )}
    </section>
  );
}
