// Which threads of the list are picked for a bulk action: one by one (click), a range (shift-click,
// from the last one clicked), or every thread under the filter ("Select all N matching"). Pure, so
// the rules are tested without a screen; use-thread-selection.ts holds it in React.

export interface ThreadSelection {
  readonly ids: ReadonlySet<string>;
  /** The last thread clicked without shift: where a shift-click's range starts. */
  readonly anchor: string | null;
  /** Every thread under the filter, not only those loaded. */
  readonly allMatching: boolean;
}

export const NOTHING_SELECTED: ThreadSelection = { ids: new Set(), anchor: null, allMatching: false };

/** A click on a row's box: toggles it, or with shift sets the range from the anchor to it as the anchor is. */
export function toggle(
  selection: ThreadSelection,
  id: string,
  shift: boolean,
  order: readonly string[],
): ThreadSelection {
  const ids = new Set(selection.ids);
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (shift && from >= 0 && to >= 0) {
    const on = ids.has(selection.anchor!);
    for (const rowId of order.slice(Math.min(from, to), Math.max(from, to) + 1)) {
      if (on) ids.add(rowId);
      else ids.delete(rowId);
    }
    return { ids, anchor: selection.anchor, allMatching: false };
  }
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id, allMatching: false };
}

/** Every loaded row, marked as meaning every thread under the filter. */
export const selectAllMatching = (order: readonly string[]): ThreadSelection => ({
  ids: new Set(order),
  anchor: null,
  allMatching: true,
});

/** Rows no longer listed (closed by someone, filtered away) are dropped from a pick by hand. */
export function keepListed(selection: ThreadSelection, order: readonly string[]): ThreadSelection {
  if (selection.allMatching) return selection;
  const listed = new Set(order);
  const ids = [...selection.ids].filter((id) => listed.has(id));
  return ids.length === selection.ids.size ? selection : { ...selection, ids: new Set(ids) };
}
