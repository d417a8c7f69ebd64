import type { Label } from '@/contract';
import { safeColor } from '@/lib/safe-color';
import { UserText } from '@/components/ui/user-text';

/**
 * One label as a small chip: its colour (through the one guard, safeColor) on the dot and the
 * border; the words stay in the text colour, readable whatever the colour chosen.
 */
export function LabelChip({ label }: { label: Pick<Label, 'name' | 'color'> }) {
  const color = safeColor(label.color);
  return (
    <span
      data-label-chip
      className="inline-flex max-w-[10rem] items-center gap-1 truncate rounded-full border px-1.5 text-[11px] font-medium leading-4 text-fg"
      style={{ borderColor: color }}
    >
      <span
        aria-hidden
        className="inline-block size-1.5 shrink-0 rounded-full"
        style={{ backgroundColor: color }}
      />
      <span className="truncate">
        <UserText>{label.name}</UserText>
      </span>
    </span>
  );
}

/** A thread's labels, in the list's order; ids of labels deleted since are left out. */
export function LabelChips({
  ids,
  labels,
}: {
  ids: readonly string[] | undefined;
  labels: readonly Label[] | undefined;
}) {
  if (!ids || ids.length === 0 || !labels) return null;
  const shown = labels.filter((l) => ids.includes(l.id));
  if (shown.length === 0) return null;
  return (
    <span role="group" aria-label="Labels" className="flex min-w-0 flex-wrap gap-1">
      {shown.map((label) => (
        <LabelChip key={label.id} label={label} />
      ))}
    </span>
  );
}
