import { useEffect, useRef } from 'react';

// The box over several records for bulk actions (a leads table's page, a board's column): checked
// when every one is picked, mixed when some are; a click picks them all, or none once all are.

interface SelectAllCheckboxProps {
  /** How many records the box stands for. */
  total: number;
  /** How many of them are picked. */
  picked: number;
  /** The box's label ("Select every lead on this page"). */
  label: string;
  onSelect: (on: boolean) => void;
}

export function SelectAllCheckbox({ total, picked, label, onSelect }: SelectAllCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  const all = total > 0 && picked === total;
  const some = picked > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="size-4 shrink-0 accent-[var(--color-accent)]"
      checked={all}
      aria-checked={some ? 'mixed' : all}
      aria-label={label}
      disabled={total === 0}
      onChange={() => onSelect(!all)}
    />
  );
}
