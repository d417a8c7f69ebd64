import { createContext, useCallback, useContext, useMemo } from 'react';
import type { Board, LeadStage } from '@/contract';
import { SelectAllCheckbox } from '@/components/bulk/select-all-checkbox';
import { SelectCheckbox } from '@/components/bulk/select-checkbox';
import type { BoardFilters } from '@/data/board';
import { useBulkSelection } from '@/lib/use-bulk-selection';
import { UNMATCHED } from '../model/board-drop';
import { LeadBulkAbove } from './lead-bulk-above';

// Bulk actions on the board (managers and admins), as on the list (lead-list-view.tsx): the same
// selection rules, bar and run status. The board's order is its columns one after another, but a
// shift-click's range stays within the clicked card's column: a range across columns would pick
// cards the eye never saw as lying between the two clicked.

export interface BoardPicking {
  selected: ReadonlySet<string>;
  /** Every lead under the filter, loaded or not ("Select all N matching"). */
  allMatching: boolean;
  /** Anything is picked: every card shows its box, not only the one hovered or focused. */
  selecting: boolean;
  onToggle: (id: string, shift: boolean) => void;
  /** Each column's loaded cards, in the order shown, by stage key (or UNMATCHED). */
  columns: ReadonlyMap<string, readonly string[]>;
  onColumn: (column: string, on: boolean) => void;
}

// A context, as BoardMovableContext: the cards and the headers sit below memoised columns, which
// a change of selection should not render again as a whole.
const BoardPickingContext = createContext<BoardPicking | null>(null);
export const BoardPickingProvider = BoardPickingContext.Provider;
/** null when the signed-in role may not run bulk actions: no boxes at all. */
export const useBoardPicking = () => useContext(BoardPickingContext);

export const isPicked = (picking: BoardPicking, id: string) =>
  picking.allMatching || picking.selected.has(id);

const NO_IDS: readonly string[] = [];

function columnsOf(data: Board | undefined, stages: readonly LeadStage[]) {
  const columns = new Map<string, readonly string[]>();
  if (!data) return columns;
  columns.set(
    UNMATCHED,
    data.unmatched.cards.map((c) => c.lead.id),
  );
  for (const stage of stages) {
    const column = data.columns.find((c) => c.stage === stage.key);
    columns.set(stage.key, column ? column.cards.map((c) => c.lead.id) : NO_IDS);
  }
  return columns;
}

/** The board's props for bulk actions, as the list's (leads-page.tsx gives both the same). */
export interface BoardBulkProps {
  /** Bulk actions on leads (managers and admins, `bulk.leads`): boxes, the bar and the runs' status. */
  bulk?: boolean;
  /** Who leads may be reassigned to. */
  members?: readonly { id: string; name: string }[];
}

interface BoardBulkOptions extends BoardBulkProps {
  data: Board | undefined;
  stages: readonly LeadStage[];
  filters: BoardFilters;
  /** The board shown is the previous filters', kept while theirs loads. */
  stale: boolean;
  /** A card is being dragged: Escape and x are the drag's keys then, not the selection's. */
  dragging: boolean;
}

const NO_MEMBERS: readonly { id: string; name: string }[] = [];

export function useBoardBulk({
  bulk: enabled = false,
  members = NO_MEMBERS,
  data,
  stages,
  filters,
  stale,
  dragging,
}: BoardBulkOptions) {
  const columns = useMemo(() => columnsOf(data, stages), [data, stages]);
  const order = useMemo(() => [...columns.values()].flat(), [columns]);
  const rangeOf = useCallback(
    (id: string) => [...columns.values()].find((ids) => ids.includes(id)) ?? NO_IDS,
    [columns],
  );
  const picking = useBulkSelection(order, JSON.stringify(filters), 'leadCard', rangeOf);
  const { selection, onToggle, setShownRows, onKeyDown } = picking;
  const onColumn = useCallback(
    (column: string, on: boolean) => {
      // Unticking one column of "all matching" keeps the other loaded cards picked, not none.
      if (selection.allMatching && !on) setShownRows(true, order);
      setShownRows(on, columns.get(column) ?? NO_IDS);
    },
    [selection.allMatching, order, columns, setShownRows],
  );
  const value = useMemo<BoardPicking | null>(
    () =>
      enabled
        ? {
            selected: selection.ids,
            allMatching: selection.allMatching,
            selecting: selection.ids.size > 0,
            onToggle,
            columns,
            onColumn,
          }
        : null,
    [enabled, selection, onToggle, columns, onColumn],
  );
  // "Select all N matching" needs the exact number under these filters: not offered (the total
  // is what is picked) when the board could not count, or still shows the previous filters'.
  const counted = !stale && data !== undefined && data.tooManyToCount === undefined;
  const total = counted
    ? data.unmatched.total + data.columns.reduce((sum, c) => sum + c.total, 0)
    : selection.ids.size;
  const above = enabled ? (
    <LeadBulkAbove picking={picking} total={total} filters={filters} stages={stages} members={members} />
  ) : null;
  const onBoardKeyDown = enabled && !dragging ? onKeyDown : undefined;
  return { picking: value, above, onKeyDown: onBoardKeyDown };
}

/**
 * A card's box, beside the card rather than in it: the card is the drag handle and a button that
 * opens the lead, and a control inside another is announced badly. Shown on hover or focus of the
 * card, and on every card once any is picked; hidden by opacity only, so Tab still reaches it; always shown where nothing hovers (touch).
 */
export function CardSelectBox({ id, name, picking }: { id: string; name: string; picking: BoardPicking }) {
  return (
    <label
      // Nothing here reaches the card's drag listeners (a sibling, not a child); stopped anyway so
      // a press on the box can never start a drag should the card ever come to wrap it.
      onPointerDown={(event) => event.stopPropagation()}
      onTouchStart={(event) => event.stopPropagation()}
      className={`absolute left-0 top-0 grid h-9 w-8 cursor-pointer place-items-center transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100 ${
        picking.selecting ? 'opacity-100' : 'opacity-0'
      }`}
    >
      <SelectCheckbox id={id} name={name} selected={isPicked(picking, id)} onSelect={picking.onToggle} />
    </label>
  );
}

/** A column header's box: its loaded cards, checked when all are picked, mixed when some are. */
export function ColumnSelectBox({ column, name }: { column: string; name: string }) {
  const picking = useBoardPicking();
  return picking ? <ColumnBox column={column} name={name} picking={picking} /> : null;
}

function ColumnBox({ column, name, picking }: { column: string; name: string; picking: BoardPicking }) {
  const ids = picking.columns.get(column) ?? NO_IDS;
  return (
    <SelectAllCheckbox
      total={ids.length}
      picked={ids.filter((id) => isPicked(picking, id)).length}
      label={`Select all in ${name}`}
      onSelect={(on) => picking.onColumn(column, on)}
    />
  );
}
