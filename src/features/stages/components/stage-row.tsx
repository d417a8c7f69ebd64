import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Pencil, Trophy, XCircle } from 'lucide-react';
import { useState } from 'react';
import type { LeadStage } from '@/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DeleteStageButton } from './delete-stage-button';
import { KeyMigration } from './key-migration';
import { StageEditor } from './stage-editor';
import { ColorDot } from '@/components/ui/color-dot';
import { UserText } from '@/components/ui/user-text';

export interface StageDragData {
  type: 'stage';
  stage: LeadStage;
}

export const isStageDrag = (value: unknown): value is StageDragData =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'stage';

interface StageRowProps {
  stage: LeadStage;
  /** May reorder and edit (leadStages.update). */
  mayEdit: boolean;
  /** May delete (leadStages.delete). */
  mayDelete: boolean;
}

/** One stage: a drag handle and its actions for a role that may change stages, otherwise just what it is. */
export function StageRow(props: StageRowProps) {
  return props.mayEdit ? <SortableStageRow {...props} /> : <StaticStageRow {...props} />;
}

const ROW_CLASS = 'rounded-lg border border-border bg-raised';

function StaticStageRow({ stage, mayDelete }: StageRowProps) {
  return (
    <li className={ROW_CLASS} aria-label={stage.name}>
      <div className="flex min-h-11 items-center gap-2 px-3 py-1.5">
        <StageSummary stage={stage} />
        {mayDelete ? (
          <div className="ml-auto">
            <DeleteStageButton stage={stage} />
          </div>
        ) : null}
      </div>
    </li>
  );
}

function SortableStageRow({ stage, mayDelete }: StageRowProps) {
  const data: StageDragData = { type: 'stage', stage };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: stage.id, data });
  const [editing, setEditing] = useState(false);
  const [migration, setMigration] = useState<{ oldKey: string; newKey: string } | null>(null);

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`${ROW_CLASS} ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
      aria-label={stage.name}
    >
      <div className="flex items-center gap-2 px-2 py-1.5">
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${stage.name}`}
          className="grid size-8 cursor-grab place-items-center rounded text-muted hover:bg-surface focus-visible:ring-2 focus-visible:ring-accent"
        >
          <GripVertical size={16} aria-hidden />
        </button>
        <StageSummary stage={stage} />
        <div className="ml-auto flex items-center gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={editing}
            aria-label={`Edit stage ${stage.name}`}
            onClick={() => setEditing((e) => !e)}
          >
            <Pencil size={14} aria-hidden /> Edit
          </Button>
          {mayDelete ? <DeleteStageButton stage={stage} /> : null}
        </div>
      </div>
      {editing ? (
        <StageEditor
          stage={stage}
          onClose={() => setEditing(false)}
          onKeyChanged={(oldKey, newKey) => setMigration({ oldKey, newKey })}
        />
      ) : null}
      {migration ? (
        <div className="px-3 pb-3">
          <KeyMigration
            oldKey={migration.oldKey}
            newKey={migration.newKey}
            onDone={() => setMigration(null)}
          />
        </div>
      ) : null}
    </li>
  );
}

function StageSummary({ stage }: { stage: LeadStage }) {
  return (
    <>
      <ColorDot color={stage.color} className="size-3" />
      <UserText className="font-medium">{stage.name}</UserText>
      <code className="rounded bg-surface px-1.5 text-xs text-muted">{stage.key}</code>
      {stage.is_default ? <Badge tone="accent">Default</Badge> : null}
      {stage.is_won ? (
        <Badge tone="success">
          <Trophy size={12} aria-hidden /> Won
        </Badge>
      ) : null}
      {stage.is_lost ? (
        <Badge tone="danger">
          <XCircle size={12} aria-hidden /> Lost
        </Badge>
      ) : null}
      {stage.is_system ? <Badge>System</Badge> : null}
    </>
  );
}
