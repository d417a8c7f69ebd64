import { useRef } from 'react';

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
  const shift = useRef(false);
  return (
    <label
      className={`grid w-8 shrink-0 cursor-pointer place-items-center border-b border-border focus-within:opacity-100 group-hover:opacity-100 ${
        selecting ? 'opacity-100' : 'opacity-0'
      }`}
    >
      <input
        type="checkbox"
        className="size-4 accent-[var(--color-accent)]"
        checked={selected}
        aria-label={`Select ${name}`}
        // The click says whether shift was held; the change that follows toggles. (Preventing the
        // click's default instead would let the browser put the old tick back over React's.)
        onClick={(event) => {
          shift.current = event.shiftKey;
        }}
        onChange={() => {
          onSelect(id, shift.current);
          shift.current = false;
        }}
      />
    </label>
  );
}
