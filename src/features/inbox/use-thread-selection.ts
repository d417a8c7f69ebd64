import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  keepListed,
  NOTHING_SELECTED,
  selectAllMatching,
  toggle,
  type ThreadSelection,
} from './thread-selection';

// The thread list's selection for bulk actions (thread-selection.ts holds the rules), cleared when
// the filter changes (a pick under one filter means nothing under another), with the keys: `x`
// toggles the focused row, Escape clears.

export function useThreadSelection(order: readonly string[], filterKey: string) {
  const [selection, setSelection] = useState<ThreadSelection>(NOTHING_SELECTED);
  useEffect(() => setSelection(NOTHING_SELECTED), [filterKey]);
  const shown = useMemo(() => keepListed(selection, order), [selection, order]);
  const onToggle = useCallback(
    (id: string, shift: boolean) => setSelection((s) => toggle(keepListed(s, order), id, shift, order)),
    [order],
  );
  const clear = useCallback(() => setSelection(NOTHING_SELECTED), []);
  const all = useCallback(() => setSelection(selectAllMatching(order)), [order]);
  /** On the list: `x` on a focused row toggles it, Escape clears (when anything is picked). */
  const onKeyDown = useCallback(
    (event: React.KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, [contenteditable="true"]')) return;
      if (event.key === 'Escape' && shown.ids.size > 0) {
        event.preventDefault();
        clear();
        return;
      }
      if (event.key !== 'x' || event.metaKey || event.ctrlKey || event.altKey) return;
      const id = target.closest<HTMLElement>('[data-thread-row]')?.dataset.threadRow;
      if (!id) return;
      event.preventDefault();
      onToggle(id, event.shiftKey);
    },
    [shown.ids.size, clear, onToggle],
  );
  return { selection: shown, onToggle, clear, selectAll: all, onKeyDown };
}
