import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '@/components/ui/states';
import { leadKeys } from '@/data/leads';
import { call } from '@/lib/api-client';
import { count } from '@/lib/format';
import { moveAllLeads, type MoveLeadsDeps, type MoveProgress } from '@/lib/move-leads';
import { createPacer, type Pacer } from '@/lib/paced';

// Moving many leads to one stage (the API has no bulk move): one PATCH each at the bulk pace, with
// progress, a stop on the first failure and the server's rate limit waited out. Used after a key
// change (the stages page) and for the board's Unmatched column.

export interface LeadMover {
  readonly progress: MoveProgress | null;
  readonly running: boolean;
  readonly failure: string | null;
  /** How long the run waits for the server's rate limit, while it does. */
  readonly waitMs: number | null;
  /** Moves every lead `read` gives (read again until none is left) to the stage `key`. */
  run(key: string, read: (pacer: Pacer) => MoveLeadsDeps['read']): Promise<void>;
}

export function useLeadMover(): LeadMover {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<MoveProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [waitMs, setWaitMs] = useState<number | null>(null);

  const run: LeadMover['run'] = async (key, read) => {
    setRunning(true);
    setFailure(null);
    // One pacer for the whole run: reads and moves share its pace and wait out every 429.
    const pacer = createPacer({ onWait: setWaitMs });
    try {
      await moveAllLeads({
        read: read(pacer),
        move: (id) => pacer.run(() => call('leads.update', { params: { id }, body: { status: key } })),
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
  return { progress, running, failure, waitMs, run };
}

/** A run's progress while it goes, and where it stopped if it failed. */
export function LeadMoveStatus({ mover }: { mover: LeadMover }) {
  const { progress, running, failure, waitMs } = mover;
  return (
    <>
      {running && progress ? (
        <div className="flex flex-col gap-1">
          <progress
            className="h-1.5 w-full accent-accent"
            max={Math.max(1, progress.total)}
            value={progress.moved}
            aria-label="Leads moved"
          />
          <p role="status" className="tabular-nums">
            Moving {count(progress.moved)} of {count(Math.max(progress.total, progress.moved))}…
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
    </>
  );
}
