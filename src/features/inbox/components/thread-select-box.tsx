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
      className={`grid w-8 shrink-0 cursor-pointer place-items-center border-b border-border focus-within:opacity-100 group-hover:opacity-100 ${
        selecting ? 'opacity-100' : 'opacity-0'
      }`}
    >
      <input
        type="checkbox"
        className="size-4 accent-[var(--color-accent)]"
        checked={selected}
        aria-label={`Select ${name}`}
        onClick={(event) => {
          // The click, not the change: only the click says whether shift was held.
          event.preventDefault();
          onSelect(id, event.shiftKey);
        }}
        onChange={() => undefined}
      />
    </label>
  );
}
