import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Timer } from 'lucide-react';
import { useState } from 'react';
import { JOB_KINDS, JOB_STATES, type JobKind, type JobState, type JobSummary } from '@/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Select } from '@/components/ui/field';
import { EmptyState, errorText } from '@/components/ui/states';
import { jobKeys, jobsQuery, upsertJob } from '@/data/jobs';
import { call } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { KIND_LABELS, STATE_LABELS } from '../job-words';
import type { JobSearch } from '../job-search';
import { JobsTable } from './jobs-table';

const LABEL = 'flex flex-col gap-1 text-[13px] font-medium text-muted';

function useJobAction(id: 'jobs.cancel' | 'jobs.retry') {
  const queryClient = useQueryClient();
  return useMutation<JobSummary, Error, JobSummary>({
    mutationFn: (job) => call(id, { params: { kind: job.kind, id: job.id } }),
    onSuccess: (job) => upsertJob(queryClient, job),
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

/**
 * Settings → Background jobs (admins): what the job queue holds — waiting, running, failed and
 * done work (snoozes, imports, scheduled messages, reminders, bulk actions) — with Cancel for what
 * has not run and Run again for what failed for good. A cancel goes through the job's own feature
 * (a snooze cancelled wakes its thread now), so it is asked for first.
 */
export function JobsPage() {
  const search = useSearch({ from: '/settings/jobs' });
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(jobsQuery(search));
  const [confirming, setConfirming] = useState<JobSummary | null>(null);
  const cancel = useJobAction('jobs.cancel');
  const retry = useJobAction('jobs.retry');
  const busyId =
    (cancel.isPending ? cancel.variables?.id : null) ??
    (retry.isPending ? retry.variables?.id : null) ??
    null;
  const go = (next: JobSearch) => void navigate({ to: '/settings/jobs', search: next });
  const filtered = search.kind !== undefined || search.state !== undefined;

  const confirmCancel = () => {
    const job = confirming;
    setConfirming(null);
    if (!job) return;
    cancel.mutate(job, {
      onSuccess: () => notify.success(`${KIND_LABELS[job.kind]} job cancelled`),
      onError: (error) => notify.error('The job could not be cancelled', { description: errorText(error) }),
    });
  };
  const runAgain = (job: JobSummary) =>
    retry.mutate(job, {
      onSuccess: () => notify.success(`${KIND_LABELS[job.kind]} job will run again`),
      onError: (error) => notify.error('The job could not be run again', { description: errorText(error) }),
    });

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="border-b border-border px-6 py-4">
        <h1 className="text-lg font-semibold">Background jobs</h1>
        <p className="mt-1 max-w-2xl text-[13px] text-muted">
          Work that runs later or in the background: snoozed threads waking, CSV imports, scheduled messages,
          reminders and bulk actions. Each job runs once, on whichever server is up; a failed one is tried
          again a few times before it stops here. Finished jobs are kept for a week.
        </p>
      </header>
      <div className="flex flex-col gap-4 px-6 py-4">
        <form role="search" aria-label="Filter the jobs" className="flex flex-wrap items-end gap-3">
          <label className={LABEL}>
            Kind
            <Select
              value={search.kind ?? ''}
              onChange={(e) => go({ ...search, kind: (e.target.value || undefined) as JobKind | undefined })}
            >
              <option value="">All kinds</option>
              {JOB_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </Select>
          </label>
          <label className={LABEL}>
            State
            <Select
              value={search.state ?? ''}
              onChange={(e) =>
                go({ ...search, state: (e.target.value || undefined) as JobState | undefined })
              }
            >
              <option value="">All states</option>
              {JOB_STATES.map((state) => (
                <option key={state} value={state}>
                  {STATE_LABELS[state]}
                </option>
              ))}
            </Select>
          </label>
        </form>
        <section aria-label="Jobs">
          {data.data.length === 0 ? (
            filtered ? (
              <EmptyState title="No jobs match these filters" icon={<Timer size={28} />}>
                <Button className="mt-2" size="sm" onClick={() => go({})}>
                  Clear filters
                </Button>
              </EmptyState>
            ) : (
              <EmptyState title="No background jobs yet" icon={<Timer size={28} />}>
                Snoozes, imports, scheduled messages, reminders and bulk actions show here once someone starts
                one.
              </EmptyState>
            )
          ) : (
            <JobsTable jobs={data.data} actions={{ onCancel: setConfirming, onRetry: runAgain, busyId }} />
          )}
        </section>
      </div>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Cancel this job?"
        description={confirming ? cancelWords(confirming) : undefined}
      >
        <div className="flex justify-end gap-2">
          <Button onClick={() => setConfirming(null)}>Keep it</Button>
          <Button variant="danger" onClick={confirmCancel}>
            Cancel job
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** What cancelling does, in the feature's terms. */
function cancelWords(job: JobSummary): string {
  switch (job.kind) {
    case 'snooze-wake':
      return 'The snooze ends now: the thread comes back to Open.';
    case 'import-run':
      return 'The import is cancelled; rows already imported stay.';
    case 'scheduled-send':
      return 'The scheduled message is cancelled and will not be sent.';
    case 'reminder-due':
      return 'The reminder is cancelled.';
    case 'bulk-run':
      return 'The bulk action stops; what it did so far stays done.';
    case 'availability-away':
      return 'Browsers are not told at once that this teammate went Away; the team page still shows it.';
    case 'sla-breach':
      return 'Nobody is told of this breach; the thread still shows its clock overdue.';
    case 'assignment-assign':
    case 'assignment-drain':
      return 'The thread is not handed out now; it waits until someone becomes free or the rule changes.';
    case 'assignment-no-reply':
      return 'The thread stays with its owner even if they do not reply in time.';
  }
}
