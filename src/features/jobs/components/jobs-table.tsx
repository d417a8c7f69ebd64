import { Link } from '@tanstack/react-router';
import type { JobSummary } from '@/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { UserText } from '@/components/ui/user-text';
import { exactTime, relativeTime } from '@/lib/format';
import { KIND_LABELS, STATE_LABELS, STATE_TONES, subjectLink } from '../job-words';

const TH = 'px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-subtle';
const TD = 'px-3 py-2 align-top';

function Subject({ job }: { job: JobSummary }) {
  if (!job.subject) return <span className="text-subtle">—</span>;
  const link = subjectLink(job);
  const text = `${job.subject.kind} ${job.subject.id.slice(0, 8)}`;
  return link ? (
    <Link {...link} className="text-accent hover:underline" title={job.subject.id}>
      {text}
    </Link>
  ) : (
    <span title={job.subject.id}>{text}</span>
  );
}

/** When it runs, ran or ended: the time that matters for its state. */
function When({ job }: { job: JobSummary }) {
  const [label, at] =
    job.state === 'completed' || job.state === 'failed' || job.state === 'cancelled'
      ? ['Ended', job.completedAt ?? job.startAfter]
      : job.state === 'active'
        ? ['Started', job.startedAt ?? job.startAfter]
        : ['Due', job.startAfter];
  return (
    <span title={exactTime(at)}>
      {label} {relativeTime(at)}
    </span>
  );
}

export interface JobActions {
  onCancel: (job: JobSummary) => void;
  onRetry: (job: JobSummary) => void;
  /** The job an action is under way for: its buttons wait. */
  busyId: string | null;
}

/** One row per job, newest first, with Cancel for what has not run and Run again for what failed. */
export function JobsTable({ jobs, actions }: { jobs: readonly JobSummary[]; actions: JobActions }) {
  return (
    <table aria-label="Background jobs, newest first" className="w-full border-collapse text-[13px]">
      <thead className="border-b border-border">
        <tr>
          <th className={TH}>Kind</th>
          <th className={TH}>For</th>
          <th className={TH}>State</th>
          <th className={TH}>When</th>
          <th className={TH}>Attempts</th>
          <th className={TH}>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.id} className="border-b border-border last:border-0">
            <td className={TD}>{KIND_LABELS[job.kind]}</td>
            <td className={TD}>
              <Subject job={job} />
            </td>
            <td className={TD}>
              <Badge tone={STATE_TONES[job.state]}>{STATE_LABELS[job.state]}</Badge>
              {job.error ? (
                <p className="mt-1 max-w-md break-words text-xs text-danger">
                  <UserText>{job.error}</UserText>
                </p>
              ) : null}
            </td>
            <td className={TD}>
              <When job={job} />
            </td>
            <td className={TD}>
              {/* pg-boss counts a start after the first in retryCount. */}
              {job.startedAt === null ? 0 : job.retryCount + 1} of {job.retryLimit + 1}
            </td>
            <td className={`${TD} text-right`}>
              {job.cancellable ? (
                <Button
                  size="sm"
                  disabled={actions.busyId === job.id}
                  aria-label={`Cancel ${KIND_LABELS[job.kind].toLowerCase()} job`}
                  onClick={() => actions.onCancel(job)}
                >
                  Cancel
                </Button>
              ) : null}
              {job.state === 'failed' ? (
                <Button
                  size="sm"
                  disabled={actions.busyId === job.id}
                  aria-label={`Run the ${KIND_LABELS[job.kind].toLowerCase()} job again`}
                  onClick={() => actions.onRetry(job)}
                >
                  Run again
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
