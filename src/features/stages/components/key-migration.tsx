import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorText } from '@/components/ui/states';
import { callApi } from '@/lib/api-client';
import { count } from '@/lib/format';
import { leadKeys, leadsCountQuery } from '@/data/leads';
import { moveAllLeads, type MoveProgress } from '@/lib/move-leads';
import { createPacer } from '@/lib/paced';

/**
 * After a key change, the leads still holding the old key match no stage (spec rule 2). This
 * counts them and offers to move them to the new key, one PATCH each, with progress.
 */
export function KeyMigration({
  oldKey,
  newKey,
  onDone,
}: {
  oldKey: string;
  newKey: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const remaining = useQuery(leadsCountQuery({ status: oldKey }));
  const [progress, setProgress] = useState<MoveProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** How long the run waits for the server's rate limit, while it does. */
  const [waitMs, setWaitMs] = useState<number | null>(null);

  const run = async () => {
    setRunning(true);
    setFailure(null);
    // One pacer for the whole run: reads and moves share its pace and wait out every 429.
    const pacer = createPacer({ onWait: setWaitMs });
    try {
      await moveAllLeads({
        read: (offset) =>
          pacer.run(() => callApi('leads.list', { query: { status: oldKey, offset, limit: 100 } })),
        move: (id) => pacer.run(() => callApi('leads.update', { params: { id }, body: { status: newKey } })),
        onProgress: setProgress,
      });
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setRunning(false);
      setWaitMs(null);
      await queryClient.invalidateQueries({ queryKey: leadKeys.all });
    }
  };

  if (remaining.isPending)
    return <p className="text-[13px] text-muted">Counting leads that hold “{oldKey}”…</p>;
  const left = remaining.data ?? 0;
  if (left === 0 && !running) {
    return (
      <div
        role="status"
        className="flex items-center gap-2 rounded-md bg-success-soft px-3 py-2 text-[13px] text-success"
      >
        {progress
          ? `Moved ${count(progress.moved)} leads to “${newKey}”.`
          : `No lead holds “${oldKey}” any more.`}
        <Button size="sm" variant="ghost" className="ml-auto" onClick={onDone}>
          Dismiss
        </Button>
      </div>
    );
  }
  return (
    <div
      role="region"
      aria-label="Leads on the old key"
      className="flex flex-col gap-2 rounded-md border border-warning bg-warning-soft px-3 py-2 text-[13px]"
    >
      <p>
        {count(left)} {left === 1 ? 'lead still holds' : 'leads still hold'} the old key “{oldKey}” and
        {left === 1 ? ' matches' : ' match'} no stage: {left === 1 ? 'it shows' : 'they show'} under Unmatched
        on the board.
      </p>
      {running && progress ? (
        <div className="flex flex-col gap-1">
          <progress
            className="h-1.5 w-full accent-accent"
            max={Math.max(1, progress.total)}
            value={progress.moved}
            aria-label="Leads moved"
          />
          <p role="status" className="tabular-nums">
            Moving {count(progress.moved)} of {count(progress.total)}…
            {waitMs !== null
              ? ` The server asked us to slow down: going on in ${String(Math.max(1, Math.ceil(waitMs / 1000)))} s.`
              : ''}
          </p>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="text-danger">
          Stopped after {count(progress?.moved ?? 0)}: {failure}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button size="sm" variant="primary" disabled={running} onClick={() => void run()}>
          {running ? 'Moving…' : `Move them to “${newKey}”`}
        </Button>
        <Button size="sm" variant="ghost" disabled={running} onClick={onDone}>
          Leave them
        </Button>
      </div>
    </div>
  );
}
