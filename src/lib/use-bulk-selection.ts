import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  keepListed,
  NOTHING_SELECTED,
  selectAllMatching,
  setRows,
  toggle,
  type BulkSelection,
} from './bulk-selection';

// A list's selection for bulk actions (bulk-selection.ts holds the rules), cleared when the filter
// changes (a pick under one filter means nothing under another), with the keys: `x` toggles the
// focused row (the element carrying `data-<rowAttribute>`), Escape clears.

/** Where typing goes: a key there is text, not a command (a checkbox is no such place). */
const TYPING = 'textarea, select, [contenteditable="true"], input:not([type="checkbox"])';

export function useBulkSelection(
  order: readonly string[],
  filterKey: string,
  /** The row's data attribute holding its id, in dataset spelling (`threadRow` for `data-thread-row`). */
  rowAttribute: string,
  /**
   * The rows a shift-click's range runs through, for the clicked one: a board's column, so a range
   * never spans columns the eye does not read as one list. The whole order when absent.
   */
  rangeOf?: (id: string) => readonly string[],
) {
  const [selection, setSelection] = useState<BulkSelection>(NOTHING_SELECTED);
  useEffect(() => setSelection(NOTHING_SELECTED), [filterKey]);
  const shown = useMemo(() => keepListed(selection, order), [selection, order]);
  const onToggle = useCallback(
    (id: string, shift: boolean) =>
      setSelection((s) => toggle(keepListed(s, order), id, shift, rangeOf?.(id) ?? order)),
    [order, rangeOf],
  );
  const clear = useCallback(() => setSelection(NOTHING_SELECTED), []);
  const all = useCallback(() => setSelection(selectAllMatching(order)), [order]);
  /** Every row shown picked or unpicked, or only `only` (a board's column). */
  const rows = useCallback(
    (on: boolean, only: readonly string[] = order) =>
      setSelection((s) => setRows(keepListed(s, order), only, on)),
    [order],
  );
  /** On the list: `x` on a focused row toggles it, Escape clears (when anything is picked). */
  const onKeyDown = useCallback(
    (event: React.KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest(TYPING)) return;
      if (event.key === 'Escape' && shown.ids.size > 0) {
        event.preventDefault();
        clear();
        return;
      }
      if (event.key !== 'x' || event.metaKey || event.ctrlKey || event.altKey) return;
      const row = target.closest<HTMLElement>(`[data-${kebab(rowAttribute)}]`);
      const id = row?.dataset[rowAttribute];
      if (!id) return;
      event.preventDefault();
      onToggle(id, event.shiftKey);
    },
    [shown.ids.size, clear, onToggle, rowAttribute],
  );
  return { selection: shown, onToggle, clear, selectAll: all, setShownRows: rows, onKeyDown };
}

const kebab = (dataset: string) => dataset.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
