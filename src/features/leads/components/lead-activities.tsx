import { useSuspenseQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { ActivityIcon } from '@/components/activity/activity-icon';
import { ACTIVITY_LABELS, OUTCOME_LABELS } from '@/components/activity/activity-labels';
import { LogActivityForm } from '@/components/activity/log-activity-form';
import { isFollowUp } from '@/components/activity/timeline';
import { QueryBoundary } from '@/components/query-boundary';
import { LoadingState } from '@/components/ui/states';
import { TimeAgo } from '@/components/ui/time-labels';
import { leadActivitiesQuery } from '@/data/activities';
import { useLogActivity } from '../api/lead-mutations';
import { UserText } from '@/components/ui/user-text';

/** The lead's timeline, newest first, with the follow-up state and a form to log an activity. */
export function LeadActivities({ leadId }: { leadId: string }) {
  const log = useLogActivity(leadId);
  return (
    <section aria-labelledby="lead-activities" className="flex flex-col gap-3">
      <h3 id="lead-activities" className="text-sm font-semibold">
        Activities
      </h3>
      <div className="rounded-md border border-border p-3">
        <LogActivityForm subject={{ lead_id: leadId }} log={log} />
      </div>
      <QueryBoundary
        title="Activities could not be loaded"
        pending={<LoadingState label="Loading activities…" />}
      >
        <ActivityList leadId={leadId} />
      </QueryBoundary>
    </section>
  );
}

function ActivityList({ leadId }: { leadId: string }) {
  const { data: activities } = useSuspenseQuery(leadActivitiesQuery(leadId));
  const needsFollowUp = activities.some(isFollowUp);
  if (activities.length === 0) return <p className="text-[13px] text-muted">No activity logged yet.</p>;
  return (
    <>
      <p className={`text-xs ${needsFollowUp ? 'text-warning' : 'text-muted'}`}>
        {needsFollowUp ? 'Needs follow-up' : 'No follow-up pending'}
      </p>
      <ol className="flex flex-col gap-2">
        {activities.map((activity) => {
          const followUp = isFollowUp(activity);
          return (
            <li
              key={activity.id}
              className={`flex gap-2 rounded-md border px-3 py-2 ${followUp ? 'border-warning bg-warning-soft' : 'border-border'}`}
            >
              <ActivityIcon
                type={activity.activity_type}
                className="mt-0.5 shrink-0 text-muted"
                label={ACTIVITY_LABELS[activity.activity_type]}
              />
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline gap-2">
                  <span className="truncate font-medium">
                    <UserText>{activity.subject || ACTIVITY_LABELS[activity.activity_type]}</UserText>
                  </span>
                  <TimeAgo
                    iso={activity.activity_date ?? activity.created_at}
                    className="ml-auto shrink-0 text-xs text-subtle"
                  />
                </div>
                {activity.description ? (
                  <p className="whitespace-pre-wrap text-[13px] text-muted">
                    <UserText>{activity.description}</UserText>
                  </p>
                ) : null}
                {activity.outcome ? (
                  <p className={`text-xs ${followUp ? 'font-medium text-warning' : 'text-muted'}`}>
                    {followUp ? <BellRing size={12} className="mr-1 inline" aria-hidden /> : null}
                    {OUTCOME_LABELS[activity.outcome]}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}
