import type { JobKind, JobState, JobSummary } from '@/contract';

// The words the jobs page uses for a job's kind, state and subject.

export const KIND_LABELS: Record<JobKind, string> = {
  'snooze-wake': 'Snoozed thread wakes',
  'import-run': 'CSV import',
  'scheduled-send': 'Scheduled message',
  'reminder-due': 'Reminder',
  'bulk-run': 'Bulk action',
  'availability-away': 'Teammate goes Away',
  'sla-breach': 'SLA target falls due',
  'assignment-assign': 'Automatic assignment',
  'assignment-drain': 'Waiting threads handed out',
  'assignment-no-reply': 'No reply in time',
};

export const STATE_LABELS: Record<JobState, string> = {
  created: 'Waiting',
  retry: 'Waiting to try again',
  active: 'Running',
  completed: 'Done',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export const STATE_TONES: Record<JobState, 'neutral' | 'accent' | 'success' | 'warning' | 'danger'> = {
  created: 'neutral',
  retry: 'warning',
  active: 'accent',
  completed: 'success',
  cancelled: 'neutral',
  failed: 'danger',
};

export type SubjectLink =
  | { to: '/inbox/$conversationId'; params: { conversationId: string } }
  | { to: '/leads'; search: { lead: string } }
  | { to: '/import' };

/** Where the job's record is shown, when the app has a page for it. */
export function subjectLink(job: JobSummary): SubjectLink | null {
  const subject = job.subject;
  if (!subject) return null;
  if (subject.kind === 'conversation')
    return { to: '/inbox/$conversationId', params: { conversationId: subject.id } };
  if (subject.kind === 'lead') return { to: '/leads', search: { lead: subject.id } };
  if (subject.kind === 'import') return { to: '/import' };
  return null;
}
