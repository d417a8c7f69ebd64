import { useSuspenseQuery } from '@tanstack/react-query';
import { AlertCircle, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Activity } from '@/contract';
import { ActivityIcon } from '@/components/activity/activity-icon';
import { ACTIVITY_LABELS, OUTCOME_LABELS, OUTCOME_TONES } from '@/components/activity/activity-labels';
import { durationText, splitTimeline } from '@/components/activity/timeline';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QueryBoundary } from '@/components/query-boundary';
import { EmptyState, Skeleton } from '@/components/ui/states';
import { customerActivitiesQuery } from '@/data/activities';
import { TimeAgo } from '@/components/ui/time-labels';
import { useCan } from '@/lib/permissions';
import { LogActivityDialog } from './log-activity-dialog';
import { UserText } from '@/components/ui/user-text';

function ActivityItem({ activity, highlighted = false }: { activity: Activity; highlighted?: boolean }) {
  const when = activity.activity_date ?? activity.created_at;
  const duration = durationText(activity.duration_minutes);
  return (
    <article
      aria-label={`${ACTIVITY_LABELS[activity.activity_type]}: ${activity.subject ?? 'no subject'}`}
      className={`flex gap-3 rounded-lg border p-3 ${highlighted ? 'border-warning bg-warning-soft' : 'border-border bg-raised'}`}
    >
      <span
        className={`grid size-8 shrink-0 place-items-center rounded-full ${highlighted ? 'bg-raised text-warning' : 'bg-surface text-muted'}`}
      >
        <ActivityIcon type={activity.activity_type} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-xs font-medium uppercase tracking-wide text-muted">
            {ACTIVITY_LABELS[activity.activity_type]}
          </span>
          {activity.outcome ? (
            <Badge tone={OUTCOME_TONES[activity.outcome]}>{OUTCOME_LABELS[activity.outcome]}</Badge>
          ) : null}
          <span className="ml-auto whitespace-nowrap text-xs text-muted">
            <TimeAgo iso={when} />
            {duration ? ` · ${duration}` : ''}
          </span>
        </div>
        <p className="mt-1 font-medium break-words">
          <UserText>{activity.subject || 'No subject'}</UserText>
        </p>
        {activity.description ? (
          <p className="mt-1 whitespace-pre-line break-words text-muted">
            <UserText>{activity.description}</UserText>
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** The customer's timeline: follow-ups pinned on top, then everything newest first. */
export function ActivityTimeline({ customerId }: { customerId: string }) {
  const [logging, setLogging] = useState(false);
  const can = useCan();
  const mayLog = can('activities.create');
  return (
    <section aria-labelledby="activity-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="activity-title" className="font-semibold">
          Activity
        </h2>
        {mayLog ? (
          <Button size="sm" variant="secondary" onClick={() => setLogging(true)}>
            <Plus size={14} aria-hidden />
            Log activity
          </Button>
        ) : null}
      </div>
      {mayLog ? <LogActivityDialog customerId={customerId} open={logging} onOpenChange={setLogging} /> : null}
      <QueryBoundary
        title="The timeline could not be loaded"
        pending={
          <div className="flex flex-col gap-2" aria-hidden>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        }
      >
        <Timeline customerId={customerId} mayLog={mayLog} />
      </QueryBoundary>
    </section>
  );
}

function Timeline({ customerId, mayLog }: { customerId: string; mayLog: boolean }) {
  const { data: activities } = useSuspenseQuery(customerActivitiesQuery(customerId));
  if (activities.length === 0) {
    return (
      <EmptyState title="No activity yet">
        {mayLog
          ? 'Log a call, email or meeting to start the timeline.'
          : 'Calls, emails and meetings show here.'}
      </EmptyState>
    );
  }
  const { followUps, rest } = splitTimeline(activities);
  return (
    <>
      {followUps.length ? (
        <section aria-labelledby="follow-ups-title" className="flex flex-col gap-2">
          <h3
            id="follow-ups-title"
            className="flex items-center gap-1.5 text-[13px] font-semibold text-warning"
          >
            <AlertCircle size={14} aria-hidden />
            Needs follow-up ({followUps.length})
          </h3>
          <ol className="flex flex-col gap-2">
            {followUps.map((a) => (
              <li key={a.id}>
                <ActivityItem activity={a} highlighted />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {rest.length ? (
        <ol aria-label="Timeline" className="flex flex-col gap-2">
          {rest.map((a) => (
            <li key={a.id}>
              <ActivityItem activity={a} />
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}
