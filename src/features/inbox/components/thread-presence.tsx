import { memo } from 'react';
import type { Presence } from '@/data/presence';
import { initials } from '@/lib/format';

/** Teammates who have the thread open, as small avatars with a word for screen readers. */
export function ThreadViewers({ viewers }: { viewers: readonly Presence[] }) {
  if (viewers.length === 0) return null;
  const names = viewers.map((v) => v.name);
  const label = `${names.join(', ')} ${viewers.length === 1 ? 'is' : 'are'} viewing`;
  return (
    <span role="status" aria-label={label} title={label} className="flex items-center -space-x-1.5">
      {viewers.slice(0, 3).map((v) => (
        <span
          key={v.username}
          aria-hidden
          className="grid size-7 place-items-center rounded-full border-2 border-bg bg-accent-soft text-[11px] font-semibold text-accent"
        >
          {initials(v.name)}
        </span>
      ))}
      {viewers.length > 3 ? (
        <span aria-hidden className="pl-2.5 text-xs text-muted">
          +{viewers.length - 3}
        </span>
      ) : null}
    </span>
  );
}

/** "Marco is typing…" above the composer while a teammate writes in this thread. */
export const TypingLine = memo(function TypingLine({ viewers }: { viewers: readonly Presence[] }) {
  const typing = viewers.filter((v) => v.typing).map((v) => v.name);
  return (
    <p aria-live="polite" className="h-5 px-4 text-xs italic text-muted">
      {typing.length === 0 ? '' : `${typing.join(', ')} ${typing.length === 1 ? 'is' : 'are'} typing…`}
    </p>
  );
});
