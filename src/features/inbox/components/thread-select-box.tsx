import { SelectCheckbox } from '@/components/bulk/select-checkbox';

// A row's box for bulk actions: shown on hover or focus, and on every row once any is picked.
// Its own click (with shift: the range from the last one clicked) never opens the thread.

interface ThreadSelectBoxProps {
  id: string;
  name: string;
  selected: boolean;
  /** Anything is picked: every box shows. */
  selecting: boolean;
  onSelect: (id: string, shift: boolean) => void;
}

export function ThreadSelectBox({ id, name, selected, selecting, onSelect }: ThreadSelectBoxProps) {
  return (
    <label
      className={`grid w-8 shrink-0 cursor-pointer place-items-center border-b border-border focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100 ${
        selecting ? 'opacity-100' : 'opacity-0'
      }`}
    >
      <SelectCheckbox id={id} name={name} selected={selected} onSelect={onSelect} />
    </label>
  );
}
