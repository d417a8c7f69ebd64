import type { ResolvedTag } from '@/lib/tags';
import { ColorDot } from '@/components/ui/color-dot';
import { UserText } from '@/components/ui/user-text';

/** Tag names with their colour as a dot; the name is plain text (tag names come from users). */
export function TagChips({ tags, emptyText }: { tags: ResolvedTag[]; emptyText?: string }) {
  if (tags.length === 0) return emptyText ? <span className="text-subtle">{emptyText}</span> : null;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Tags">
      {tags.map((tag) => (
        <li
          key={tag.id}
          className={`inline-flex items-center gap-1.5 rounded-full border border-border bg-surface px-2 py-0.5 text-xs ${tag.known ? 'text-fg' : 'italic text-muted'}`}
          title={tag.known ? tag.name : `A tag this workspace does not list (${tag.id})`}
        >
          <ColorDot color={tag.color} />
          <UserText>{tag.name}</UserText>
        </li>
      ))}
    </ul>
  );
}
