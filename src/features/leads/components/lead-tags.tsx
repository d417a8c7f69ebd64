import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import type { Lead } from '@/contract';
import { ColorDot } from '@/components/ui/color-dot';
import { Select } from '@/components/ui/field';
import { errorText } from '@/components/ui/states';
import { UserText } from '@/components/ui/user-text';
import { tagsQuery } from '@/data/tags';
import { notify } from '@/lib/notify';
import { useUpdateLead } from '../api/lead-mutations';

/** The lead's tags as chips; a role that may edit removes them or adds one from the workspace's list. */
export function LeadTags({ lead, editable }: { lead: Lead; editable: boolean }) {
  const tags = useQuery(tagsQuery());
  const update = useUpdateLead(lead.id);
  const held = lead.tags ?? [];
  const byId = new Map((tags.data ?? []).map((t) => [t.id, t]));
  const setTags = (next: string[]) =>
    update.mutate(
      { tags: next },
      { onError: (error) => notify.error('Tags could not be saved', { description: errorText(error) }) },
    );

  return (
    <section aria-labelledby="lead-tags" className="flex flex-col gap-2">
      <h3 id="lead-tags" className="text-sm font-semibold">
        Tags
      </h3>
      <ul className="flex flex-wrap gap-1.5">
        {held.map((id) => {
          const tag = byId.get(id);
          const name = tag?.name ?? 'Unknown tag';
          return (
            <li
              key={id}
              className="inline-flex items-center gap-1 rounded border border-border bg-surface py-0.5 pl-2 pr-0.5 text-xs"
            >
              <ColorDot color={tag?.color} />
              <UserText>{name}</UserText>
              {editable ? (
                <button
                  type="button"
                  className="grid size-6 place-items-center rounded text-muted hover:bg-raised"
                  aria-label={`Remove tag ${name}`}
                  disabled={update.isPending}
                  onClick={() => setTags(held.filter((t) => t !== id))}
                >
                  <X size={12} aria-hidden />
                </button>
              ) : null}
            </li>
          );
        })}
        {held.length === 0 ? <li className="text-[13px] text-muted">No tags</li> : null}
      </ul>
      {editable ? (
        <div className="w-56">
          <Select
            aria-label="Add a tag"
            value=""
            disabled={!tags.data || update.isPending}
            onChange={(e) => e.target.value && setTags([...held, e.target.value])}
          >
            <option value="">Add a tag…</option>
            {(tags.data ?? [])
              .filter((t) => !held.includes(t.id))
              .map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
          </Select>
        </div>
      ) : null}
    </section>
  );
}
