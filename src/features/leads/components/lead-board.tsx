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
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LeadStage } from '@/contract';
import { errorText } from '@/components/ui/states';
import { notify } from '@/lib/notify';
import type { LeadFilters } from '@/data/leads';
import { useMoveLead } from '../api/use-move-lead';
import { isLeadDrag, resolveDrop, undoOf, type LeadDragData, type LeadMove } from '../model/board-drop';
import type { LeadsSearch } from '../model/leads-search';
import { useBoardAnnouncements } from './board-announcements';
import { columnCoordinates } from './board-keyboard';
import { BoardMovableContext } from './board-movable';
import { LeadCardPreview } from './lead-card';
import { StageColumn } from './stage-column';
import { UnmatchedColumn } from './unmatched-column';
import { useUnmatchedCount } from './use-unmatched-count';
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

interface LeadBoardProps {
  /** Whether the signed-in role may move leads (leads.update). */
  movable: boolean;
  stages: LeadStage[];
  filters: LeadFilters;
  owner: LeadsSearch['owner'];
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
}

export function LeadBoard({ movable, stages, filters, owner, ownerNames, onOpen }: LeadBoardProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates, keyboardCodes: KEYBOARD_CODES }),
  );
  const [dragging, setDragging] = useState<LeadDragData | null>(null);
  const lastMove = useRef<LeadMove | null>(null);
  const stageKeys = useMemo(() => new Set(stages.map((s) => s.key)), [stages]);
  const stageName = useCallback((key: string) => stages.find((s) => s.key === key)?.name ?? key, [stages]);
  const unmatched = useUnmatchedCount(stages, filters);
  const announcements = useBoardAnnouncements(stageName);

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
    <BoardMovableContext value={movable}>
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{ announcements, screenReaderInstructions }}
      >
        <div className="flex min-h-0 flex-1 gap-3 overflow-x-auto p-4" data-board>
          {unmatched ? (
            <UnmatchedColumn
              stageKeys={stageKeys}
              filters={filters}
              owner={owner}
              ownerNames={ownerNames}
              onOpen={onOpen}
            />
          ) : null}
          {stages.map((stage) => (
            <StageColumn
              key={stage.id}
              stage={stage}
              filters={filters}
              owner={owner}
              ownerNames={ownerNames}
              onOpen={onOpen}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>
          {dragging ? (
            <LeadCardPreview
              lead={dragging.lead}
              ownerName={
                dragging.lead.assigned_to_user_id
                  ? ownerNames.get(dragging.lead.assigned_to_user_id)
                  : undefined
              }
            />
          ) : null}
        </DragOverlay>
      </DndContext>
    </BoardMovableContext>
  );
}
