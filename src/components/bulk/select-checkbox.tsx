// A record's box for bulk actions (a thread row, a lead's table row). Its own click, with shift
// held or not, is what picks: the change event cannot tell whether shift was held.

interface SelectCheckboxProps {
  id: string;
  /** The record's name, for the box's label ("Select Ana Lima"). */
  name: string;
  selected: boolean;
  onSelect: (id: string, shift: boolean) => void;
}

export function SelectCheckbox({ id, name, selected, onSelect }: SelectCheckboxProps) {
  return (
    <input
      type="checkbox"
      className="size-4 accent-[var(--color-accent)]"
      checked={selected}
      aria-label={`Select ${name}`}
      // Space on a focused box fires a click too, so the keyboard picks the same way. The click is
      // not cancelled: a cancelled click has the browser put back the box's old state after React
      // rendered the new one (the box stayed empty while its row was picked). Controlled, the box
      // shows what the selection says once React renders.
      onClick={(event) => onSelect(id, event.shiftKey)}
      onChange={() => undefined}
    />
  );
}
