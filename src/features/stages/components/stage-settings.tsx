import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorText } from '@/components/ui/states';
import { moveItem } from '@/lib/lead-stages';
import { leadStagesQuery } from '@/data/lead-stages';
import { notify } from '@/lib/notify';
import { useCan } from '@/lib/permissions';
import { whoCan } from '@/lib/who-can';
import { useReorderStages } from '../api/use-reorder-stages';
import { AddStageForm } from './add-stage-form';
import { StageRow, isStageDrag } from './stage-row';
import { UnmatchedNotice } from './unmatched-notice';

const stageName = (data: unknown) => (isStageDrag(data) ? data.stage.name : 'stage');

/** `/settings/stages`: the pipeline's stages, in board order. */
export function StageSettings() {
  const { data: stages } = useSuspenseQuery(leadStagesQuery());
  const reorder = useReorderStages();
  const can = useCan();
  const mayEdit = can('leadStages.update');
  const mayCreate = can('leadStages.create');
  const mayDelete = can('leadStages.delete');
  const readOnly = !mayEdit && !mayCreate && !mayDelete;
  const sensors = useSensors(
    // The handle is only a handle (no click of its own), so a press starts the drag at once: with
    // a distance to cross first, a quick drag (one long move, as Playwright's dragTo and some
    // trackpads make) used the move to start and dropped the stage where it was.
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number | undefined) => stages.findIndex((s) => s.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up stage ${stageName(active.data.current)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Stage ${stageName(active.data.current)} is over position ${position(over.id)} of ${stages.length}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `Stage ${stageName(active.data.current)} was dropped at position ${position(over.id)} of ${stages.length}.`
        : `Stage ${stageName(active.data.current)} was dropped.`,
    onDragCancel: ({ active }) => `Moving stage ${stageName(active.data.current)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = stages.findIndex((s) => s.id === active.id);
    const to = stages.findIndex((s) => s.id === over.id);
    reorder.mutate(moveItem(stages, from, to), {
      onError: (error) =>
        notify.error('The new order could not be saved completely', {
          description: `${errorText(error)} The list shows the order the server has.`,
        }),
    });
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="border-b border-border px-6 py-4">
        <h1 className="text-lg font-semibold">Lead stages</h1>
        <p className="mt-1 max-w-2xl text-[13px] text-muted">
          The columns of the{' '}
          <Link to="/leads" className="text-accent underline">
            lead board
          </Link>
          , in order.
          {mayEdit
            ? ' Drag a stage by its handle (or focus the handle, press Space, then the arrow keys) to reorder.'
            : null}
        </p>
        {readOnly ? (
          <p className="mt-2 text-[13px] text-muted" role="note">
            Only {whoCan('leadStages.update')} can change lead stages.
          </p>
        ) : null}
      </header>
      <div className="flex max-w-3xl flex-col gap-6 px-6 py-4">
        <UnmatchedNotice />
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements }}
        >
          <SortableContext items={stages.map((s) => s.id)} strategy={verticalListSortingStrategy}>
            <ol className="flex flex-col gap-2" aria-label="Stages" aria-busy={reorder.isPending}>
              {stages.map((stage) => (
                <StageRow key={stage.id} stage={stage} mayEdit={mayEdit} mayDelete={mayDelete} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
        {mayCreate ? <AddStageForm nextPosition={stages.length} /> : null}
      </div>
    </div>
  );
}
