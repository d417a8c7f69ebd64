import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { BULK_DONE_WORD, type BulkRun, type BulkTarget } from '@/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/components/ui/states';
import { UserText } from '@/components/ui/user-text';
import {
  actOnBulkRun,
  bulkReportQuery,
  bulkRunQuery,
  bulkRunsQuery,
  isFinished,
  refreshAfterRun,
} from '@/data/bulk';
import { raise } from '@/lib/toast';

// The person's latest bulk action on a target, read back from the BFF (GET /bff/bulk), so leaving
// the screen and coming back finds it: a progress bar while it runs, the reason and Resume when it
// stopped, and at the end "48 closed, 2 refused" with the refused ones and why. Shared by the
// inbox's thread list and the leads list (each shows its own target's runs).

export function summary(run: BulkRun): string {
  const done = `${run.done} ${BULK_DONE_WORD[run.action]}`;
  return run.refused > 0 ? `${done}, ${run.refused} refused` : done;
}

export function BulkRunStatus({ target }: { target: BulkTarget }) {
  const runs = useQuery(bulkRunsQuery());
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const latest = runs.data?.data.find((r) => r.target === target);
  if (!latest || dismissed.has(latest.id)) return null;
  return (
    <RunStatus
      key={latest.id}
      listed={latest}
      onDismiss={() => setDismissed(new Set([...dismissed, latest.id]))}
    />
  );
}

/**
 * One run, read on its own while it goes on (bulkRunQuery asks again every few seconds until it
 * ends), so a tab whose live stream is down still sees it progress and end.
 */
function RunStatus({ listed, onDismiss }: { listed: BulkRun; onDismiss: () => void }) {
  const queryClient = useQueryClient();
  const read = useQuery({ ...bulkRunQuery(listed.id), initialData: listed });
  // The list's copy may be the newer one (a live event writes both): the later state wins.
  const run = Date.parse(read.data.updatedAt) >= Date.parse(listed.updatedAt) ? read.data : listed;
  const [reportOpen, setReportOpen] = useState(false);
  useRefreshOnEnd(run);
  const finished = isFinished(run);
  const stopped = run.state === 'paused' || run.state === 'failed';
  const left = run.total - run.done - run.refused;
  const step = (which: 'cancel' | 'resume') =>
    actOnBulkRun(queryClient, run.id, which).catch((error: unknown) => raise('error', errorText(error)));
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col gap-1.5 border-b border-border bg-surface px-3 py-2 text-[13px]"
    >
      <div className="flex items-center gap-2">
        <span className="tabular min-w-0 flex-1 truncate">
          {finished
            ? `${run.state === 'cancelled' ? 'Cancelled: ' : ''}${summary(run)}`
            : stopped
              ? `Stopped: ${summary(run)}, ${left} left`
              : `Working: ${run.done + run.refused} of ${run.total}`}
        </span>
        {run.refused > 0 ? (
          <Button size="sm" variant="ghost" onClick={() => setReportOpen(true)}>
            See refused
          </Button>
        ) : null}
        {stopped ? (
          <Button size="sm" onClick={() => void step('resume')}>
            Resume
          </Button>
        ) : null}
        {!finished ? (
          <Button size="sm" variant="ghost" onClick={() => void step('cancel')}>
            Cancel
          </Button>
        ) : (
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </div>
      {!finished ? (
        <progress
          className="h-1.5 w-full accent-[var(--color-accent)]"
          max={Math.max(run.total, 1)}
          value={run.done + run.refused}
          aria-label="Bulk action progress"
        />
      ) : null}
      {stopped && run.reason ? (
        <p className="text-xs text-danger">
          <UserText>{run.reason}</UserText>
        </p>
      ) : null}
      <RefusedDialog run={run} open={reportOpen} onOpenChange={setReportOpen} />
    </div>
  );
}

/** The lists the run acted on are read again when it is seen to end (not when found already ended). */
function useRefreshOnEnd(run: BulkRun): void {
  const queryClient = useQueryClient();
  const wasGoing = useRef(!isFinished(run));
  const finished = isFinished(run);
  useEffect(() => {
    if (!finished) {
      wasGoing.current = true;
      return;
    }
    if (!wasGoing.current) return;
    wasGoing.current = false;
    void refreshAfterRun(queryClient, run);
  }, [finished, queryClient, run]);
}

function RefusedDialog({
  run,
  open,
  onOpenChange,
}: {
  run: BulkRun;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const report = useQuery({ ...bulkReportQuery(run.id, run.refused), enabled: open });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${run.refused} refused`}
      description={summary(run)}
    >
      {report.isPending ? (
        <p className="text-muted">Loading…</p>
      ) : report.isError ? (
        <p className="text-danger">{errorText(report.error)}</p>
      ) : (
        <ul aria-label="Refused records" className="flex flex-col gap-2">
          {report.data.refused.map((item) => (
            <li key={item.recordId} className="flex flex-col">
              <span className="font-medium">
                <UserText>{item.name ?? item.recordId}</UserText>
              </span>
              <span className="text-xs text-muted">
                <UserText>{item.reason}</UserText>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
