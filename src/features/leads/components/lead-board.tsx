import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Board as BoardData, BoardColumn as ColumnData, LeadStage } from '@/contract';
import { ErrorState, errorText } from '@/components/ui/states';
import { notify } from '@/lib/notify';
import { count } from '@/lib/format';
import { useFirstInTransition } from '@/lib/use-first-in-transition';
import { boardQuery, type BoardFilters } from '@/data/board';
import { useMoveLead } from '../api/use-move-lead';
import {
  isLeadDrag,
  resolveDrop,
  undoOf,
  UNMATCHED,
  type LeadDragData,
  type LeadMove,
} from '../model/board-drop';
import { useBoardAnnouncements } from './board-announcements';
import { BoardPickingProvider, useBoardBulk, type BoardBulkProps } from './board-bulk';
import { columnCoordinates } from './board-keyboard';
import { BoardColumn } from './board-column';
import { ColumnSkeleton } from './board-skeleton';
import { BoardMovableContext } from './board-movable';
import { LeadCardPreview } from './lead-card';
import { useMoreCards } from './use-more-cards';
import { isolate } from '@/components/ui/user-text';

// Pointer first (what is under the cursor), then overlap for the keyboard, which has no pointer.
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : rectIntersection(args);
};

const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

const screenReaderInstructions = {
  draggable:
    'To move a lead, press Space to pick it up, use the left and right arrow keys to choose a stage, then press Space to drop it or Escape to cancel. Press Enter to open the lead.',
};

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

interface LeadBoardProps extends BoardBulkProps {
  /** Whether the signed-in role may move leads (leads.update). */
  movable: boolean;
  stages: LeadStage[];
  /** Priority, search and owner, applied by the BFF with exact counts. */
  filters: BoardFilters;
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
}

/**
 * The board: one BFF read gives every column's exact count, sums and first cards (the previous
 * filters' board stays on screen while another loads); columns read further cards as they scroll.
 */
export function LeadBoard({ movable, stages, filters, ownerNames, onOpen, ...bulk }: LeadBoardProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates, keyboardCodes: KEYBOARD_CODES }),
  );
  const [dragging, setDragging] = useState<LeadDragData | null>(null);
  const lastMove = useRef<LeadMove | null>(null);
  const stageKeys = useMemo(() => new Set(stages.map((s) => s.key)), [stages]);
  const stageName = useCallback((key: string) => stages.find((s) => s.key === key)?.name ?? key, [stages]);
  const board = useQuery({ ...boardQuery(filters), placeholderData: keepPreviousData });
  const { refetch } = board;
  // The columns' first render (every header, the cards in the window) is a transition, in slices.
  const data = useFirstInTransition(board.data);
  const columns = board.data?.columns;
  // A stage added (or its key changed) since the board was read has no column yet: read it again.
  const columnsMissing = columns !== undefined && stages.some((s) => !columns.some((c) => c.stage === s.key));
  useEffect(() => {
    if (columnsMissing) void refetch();
  }, [columnsMissing, refetch]);
  const announcements = useBoardAnnouncements(stageName);
  const stale = board.isPlaceholderData;
  const picking = useBoardBulk({ ...bulk, data, stages, filters, stale, dragging: dragging !== null });

  const mutation = useMoveLead();
  const { mutate } = mutation;

  const perform = useCallback(
    (move: LeadMove, isUndo: boolean) => {
      mutate(move, {
        onSuccess: () => {
          if (isUndo) {
            lastMove.current = null;
            notify.info(`Move undone: ${isolate(move.lead.name)} is back in ${isolate(stageName(move.to))}`);
            return;
          }
          lastMove.current = move;
          const undo = undoOf(move, stageKeys);
          notify.success(`${isolate(move.lead.name)} moved to ${isolate(stageName(move.to))}`, {
            id: `lead-move`,
            ...(undo
              ? {
                  description: 'Ctrl+Z undoes the last move.',
                  action: { label: 'Undo', onClick: () => perform(undo, true) },
                }
              : {}),
          });
        },
        onError: (error) => {
          notify.error(`Could not move ${isolate(move.lead.name)} to ${isolate(stageName(move.to))}`, {
            description: errorText(error),
          });
        },
      });
    },
    [mutate, stageKeys, stageName],
  );

  // Ctrl/Cmd+Z undoes the last move, unless the user is typing (the field's own undo wins).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z' || event.shiftKey) return;
      if (isEditable(event.target) || !lastMove.current) return;
      const undo = undoOf(lastMove.current, stageKeys);
      if (!undo) return;
      event.preventDefault();
      lastMove.current = null;
      perform(undo, true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [perform, stageKeys]);

  const onDragStart = ({ active }: DragStartEvent) => {
    setDragging(isLeadDrag(active.data.current) ? active.data.current : null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const move = resolveDrop(active.data.current, over?.data.current);
    if (move) perform(move, false);
  };

  return (
    <BoardMovableContext.Provider value={movable}>
      <BoardPickingProvider value={picking.picking}>
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragging(null)}
          accessibility={{ announcements, screenReaderInstructions }}
        >
          {picking.above}
          {/* Relative: a column's screen-reader-only text is positioned, and without a positioned
            ancestor inside this scroll box it escaped the clip and made the page scroll sideways. */}
          {data?.tooManyToCount !== undefined ? <UncountedNotice cap={data.tooManyToCount} /> : null}
          <div
            className={`relative flex min-h-0 flex-1 gap-3 overflow-x-auto p-4 transition-opacity ${board.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={board.isFetching && board.isPlaceholderData}
            onKeyDown={picking.onKeyDown}
            data-board
          >
            {data ? (
              <BoardColumns
                data={data}
                stages={stages}
                filters={filters}
                ownerNames={ownerNames}
                onOpen={onOpen}
              />
            ) : board.isError ? (
              <ErrorState error={board.error} onRetry={() => void refetch()} />
            ) : (
              stages.map((stage) => <ColumnSkeleton key={stage.id} name={stage.name} />)
            )}
          </div>
          <DragOverlay dropAnimation={null}>
            {dragging ? (
              <LeadCardPreview
                lead={dragging.lead}
                followUp={dragging.followUp ?? false}
                ownerName={
                  dragging.lead.assigned_to_user_id
                    ? ownerNames.get(dragging.lead.assigned_to_user_id)
                    : undefined
                }
              />
            ) : null}
          </DragOverlay>
        </DndContext>
      </BoardPickingProvider>
    </BoardMovableContext.Provider>
  );
}

/** A column's width and the gap after it (w-72, gap-3). */
const COLUMN_PX = 300;

/**
 * The board's columns, each with its exact count and sums. Those a window shows at once render
 * their cards with the data; the others when scrolled near (see `ColumnBody`).
 */
function BoardColumns({
  data,
  stages,
  filters,
  ownerNames,
  onOpen,
}: {
  data: BoardData;
  stages: LeadStage[];
  filters: BoardFilters;
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
}) {
  const counted = data.tooManyToCount === undefined;
  // Uncounted, Unmatched shows when the search found some of its cards.
  const unmatched = counted ? data.unmatched.total > 0 : data.unmatched.cards.length > 0;
  const columns = [
    ...(unmatched ? [{ stage: null, column: data.unmatched }] : []),
    ...stages.map((stage) => ({
      stage,
      column: data.columns.find((c) => c.stage === stage.key) ?? emptyColumn(stage.key),
    })),
  ];
  const [inView] = useState(() => Math.max(1, Math.ceil(window.innerWidth / COLUMN_PX)));
  return columns.map(({ stage, column }, i) => (
    <Column
      key={stage?.id ?? UNMATCHED}
      stage={stage}
      column={column}
      filters={filters}
      ownerNames={ownerNames}
      onOpen={onOpen}
      inView={i < inView}
      counted={counted}
    />
  ));
}

/** Above the board when a search matched too many leads to count: what is shown, and what to do. */
function UncountedNotice({ cap }: { cap: number }) {
  return (
    <p
      role="status"
      className="mx-4 mt-3 rounded border border-border bg-surface px-3 py-2 text-sm text-muted"
    >
      More than {count(cap)} leads match this search, so the columns show their newest matches without counts
      or sums. Add a word or a filter to narrow it down.
    </p>
  );
}

const emptyColumn = (stage: string): ColumnData => ({
  stage,
  cards: [],
  nextCursor: null,
  total: 0,
  sums: [],
});

/** Memoised: a move changes two columns' data; the others keep theirs and are not rendered again. */
const Column = memo(function Column({
  stage,
  column,
  filters,
  ownerNames,
  onOpen,
  inView,
  counted,
}: {
  stage: LeadStage | null;
  column: ColumnData;
  filters: BoardFilters;
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
  inView: boolean;
  counted: boolean;
}) {
  const more = useMoreCards(filters, stage?.key ?? UNMATCHED, column.nextCursor);
  return (
    <BoardColumn
      stage={stage}
      column={column}
      more={more}
      ownerNames={ownerNames}
      onOpen={onOpen}
      inView={inView}
      counted={counted}
    />
  );
});
