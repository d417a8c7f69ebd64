// Which records of a list (the inbox's threads, the leads table) are picked for a bulk action: one
// by one (click), a range (shift-click, from the last one clicked), or every record under the filter
// ("Select all N matching"). Pure, so the rules are tested without a screen; use-bulk-selection.ts
// holds it in React.

export interface BulkSelection {
  readonly ids: ReadonlySet<string>;
  /** The last record clicked without shift: where a shift-click's range starts. */
  readonly anchor: string | null;
  /** Every record under the filter, not only those loaded. */
  readonly allMatching: boolean;
}

export const NOTHING_SELECTED: BulkSelection = { ids: new Set(), anchor: null, allMatching: false };

/** A click on a row's box: toggles it, or with shift sets the range from the anchor to it as the anchor is. */
export function toggle(
  selection: BulkSelection,
  id: string,
  shift: boolean,
  order: readonly string[],
): BulkSelection {
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

/** Every loaded row, marked as meaning every record under the filter. */
export const selectAllMatching = (order: readonly string[]): BulkSelection => ({
  ids: new Set(order),
  anchor: null,
  allMatching: true,
});

/** Rows no longer listed (closed or deleted by someone, filtered away, another page) are dropped from a pick by hand. */
export function keepListed(selection: BulkSelection, order: readonly string[]): BulkSelection {
  if (selection.allMatching) return selection;
  const listed = new Set(order);
  const ids = [...selection.ids].filter((id) => listed.has(id));
  return ids.length === selection.ids.size ? selection : { ...selection, ids: new Set(ids) };
}

/** The header's box: every row shown picked (or, `on` false, none of them), the others kept. */
export function setRows(selection: BulkSelection, rows: readonly string[], on: boolean): BulkSelection {
  const ids = new Set(selection.allMatching ? [] : selection.ids);
  for (const id of rows) {
    if (on) ids.add(id);
    else ids.delete(id);
  }
  return { ids, anchor: null, allMatching: false };
}
