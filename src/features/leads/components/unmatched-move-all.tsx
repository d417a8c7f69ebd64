import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { errorText } from '@/components/ui/states';
import { leadKeys } from '@/data/leads';
import { leadStagesQuery } from '@/data/lead-stages';
import { unmatchedLeads } from '@/data/board';
import { callApi } from '@/lib/api-client';
import { count } from '@/lib/format';
import { moveAllLeads, type MoveProgress } from '@/lib/move-leads';
import { createPacer } from '@/lib/paced';

/**
 * The Unmatched column's way out: every lead whose status matches no stage (after a stage's key
 * changed) moved to a stage in one action, one PATCH each at the bulk pace (the API has no bulk
 * move), with progress; dragging 81 cards one by one is no answer.
 */
export function UnmatchedMoveAll({ total }: { total: number }) {
  const queryClient = useQueryClient();
  const stages = useQuery(leadStagesQuery()).data ?? [];
  const [target, setTarget] = useState('');
  const [progress, setProgress] = useState<MoveProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const stage = stages.find((s) => s.key === target) ?? stages[0];

  const run = async () => {
    if (!stage) return;
    setRunning(true);
    setFailure(null);
    const pacer = createPacer();
    try {
      await moveAllLeads({
        read: async () => ({ data: await pacer.run(() => unmatchedLeads()), total }),
        move: (id) =>
          pacer.run(() => callApi('leads.update', { params: { id }, body: { status: stage.key } })),
        onProgress: setProgress,
      });
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setRunning(false);
      await queryClient.invalidateQueries({ queryKey: leadKeys.all });
    }
  };

  if (stages.length === 0) return null;
  return (
    <div className="mt-1.5 flex flex-col gap-1.5 text-xs">
      <div className="flex items-center gap-1.5">
        <Select
          aria-label="Stage to move the unmatched leads to"
          className="h-8 min-w-0 flex-1 text-xs"
          value={stage?.key ?? ''}
          disabled={running}
          onChange={(e) => setTarget(e.target.value)}
        >
          {stages.map((s) => (
            <option key={s.id} value={s.key}>
              {s.name}
            </option>
          ))}
        </Select>
        <Button size="sm" variant="secondary" disabled={running} onClick={() => void run()}>
          {running ? 'Moving…' : 'Move all'}
        </Button>
      </div>
      {running && progress ? (
        <p role="status" className="tabular-nums text-muted">
          Moving {count(progress.moved)} of {count(Math.max(progress.total, progress.moved))}…
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-danger">
          Stopped after {count(progress?.moved ?? 0)}: {failure}
        </p>
      ) : null}
    </div>
  );
}
