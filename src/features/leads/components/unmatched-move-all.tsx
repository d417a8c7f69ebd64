import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LeadMoveStatus, useLeadMover } from '@/components/lead-mover';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { leadStagesQuery } from '@/data/lead-stages';
import { unmatchedLeads } from '@/data/board';

/**
 * The Unmatched column's way out: every lead whose status matches no stage (after a stage's key
 * changed) moved to a stage in one action, one PATCH each at the bulk pace (the API has no bulk
 * move), with progress; dragging 81 cards one by one is no answer.
 */
export function UnmatchedMoveAll({ total }: { total: number }) {
  const stages = useQuery(leadStagesQuery()).data ?? [];
  const [target, setTarget] = useState('');
  const mover = useLeadMover();
  const stage = stages.find((s) => s.key === target) ?? stages[0];

  if (stages.length === 0 || !stage) return null;
  const run = () =>
    mover.run(stage.key, (pacer) => async () => ({ data: await pacer.run(() => unmatchedLeads()), total }));
  return (
    <div className="mt-1.5 flex flex-col gap-1.5 text-xs">
      <div className="flex items-center gap-1.5">
        <Select
          aria-label="Stage to move the unmatched leads to"
          className="h-8 min-w-0 flex-1 text-xs"
          value={stage.key}
          disabled={mover.running}
          onChange={(e) => setTarget(e.target.value)}
        >
          {stages.map((s) => (
            <option key={s.id} value={s.key}>
              {s.name}
            </option>
          ))}
        </Select>
        <Button size="sm" variant="secondary" disabled={mover.running} onClick={() => void run()}>
          {mover.running ? 'Moving…' : 'Move all'}
        </Button>
      </div>
      <LeadMoveStatus mover={mover} />
    </div>
  );
}
