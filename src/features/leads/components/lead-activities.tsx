import { useQuery } from '@tanstack/react-query';
import {
  BellRing,
  CalendarDays,
  CheckSquare,
  Handshake,
  LifeBuoy,
  Mail,
  MessageSquare,
  Phone,
  StickyNote,
  type LucideIcon,
} from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ACTIVITY_TYPES, OUTCOMES, type ActivityType, type Outcome } from '@/contract';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { ErrorState, LoadingState, errorText } from '@/components/ui/states';
import { isApiError } from '@/lib/api-error';
import { exactTime, relativeTime } from '@/lib/format';
import { leadActivitiesQuery } from '../api/lead-queries';
import { useLogActivity } from '../api/lead-mutations';

const ICON: Record<ActivityType, LucideIcon> = {
  call: Phone,
  email: Mail,
  meeting: CalendarDays,
  note: StickyNote,
  task: CheckSquare,
  deal: Handshake,
  support_ticket: LifeBuoy,
  sms: MessageSquare,
};
const TYPE_LABEL: Record<ActivityType, string> = {
  call: 'Call',
  email: 'Email',
  meeting: 'Meeting',
  note: 'Note',
  task: 'Task',
  deal: 'Deal',
  support_ticket: 'Support ticket',
  sms: 'SMS',
};
const OUTCOME_LABEL: Record<Outcome, string> = {
  successful: 'Successful',
  follow_up_needed: 'Follow-up needed',
  no_answer: 'No answer',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The lead's timeline, newest first, with the follow-up state and a form to log an activity. */
export function LeadActivities({ leadId }: { leadId: string }) {
  const query = useQuery(leadActivitiesQuery(leadId));
  const needsFollowUp = query.data?.some((a) => a.outcome === 'follow_up_needed') ?? false;
  return (
    <section aria-labelledby="lead-activities" className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h3 id="lead-activities" className="text-sm font-semibold">
          Activities
        </h3>
        {query.data ? (
          <span className={`text-xs ${needsFollowUp ? 'text-warning' : 'text-muted'}`}>
            {needsFollowUp ? 'Needs follow-up' : 'No follow-up pending'}
          </span>
        ) : null}
      </div>
      <LogActivityForm leadId={leadId} />
      {query.isPending ? <LoadingState label="Loading activities…" /> : null}
      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data?.length === 0 ? <p className="text-[13px] text-muted">No activity logged yet.</p> : null}
      <ol className="flex flex-col gap-2">
        {query.data?.map((activity) => {
          const Icon = ICON[activity.activity_type];
          const followUp = activity.outcome === 'follow_up_needed';
          return (
            <li
              key={activity.id}
              className={`flex gap-2 rounded-md border px-3 py-2 ${followUp ? 'border-warning bg-warning-soft' : 'border-border'}`}
            >
              <Icon
                size={16}
                className="mt-0.5 shrink-0 text-muted"
                aria-label={TYPE_LABEL[activity.activity_type]}
              />
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline gap-2">
                  <span className="truncate font-medium">
                    {activity.subject || TYPE_LABEL[activity.activity_type]}
                  </span>
                  <time
                    className="ml-auto shrink-0 text-xs text-subtle"
                    dateTime={activity.activity_date ?? activity.created_at}
                    title={exactTime(activity.activity_date ?? activity.created_at)}
                  >
                    {relativeTime(activity.activity_date ?? activity.created_at)}
                  </time>
                </div>
                {activity.description ? (
                  <p className="whitespace-pre-wrap text-[13px] text-muted">{activity.description}</p>
                ) : null}
                {activity.outcome ? (
                  <p className={`text-xs ${followUp ? 'font-medium text-warning' : 'text-muted'}`}>
                    {followUp ? <BellRing size={12} className="mr-1 inline" aria-hidden /> : null}
                    {OUTCOME_LABEL[activity.outcome]}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function LogActivityForm({ leadId }: { leadId: string }) {
  const [type, setType] = useState<ActivityType>('call');
  const [subject, setSubject] = useState('');
  const [outcome, setOutcome] = useState<'' | Outcome>('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const log = useLogActivity(leadId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!subject.trim()) {
      setErrors({ subject: 'subject is required' });
      return;
    }
    setErrors({});
    log.mutate(
      {
        activity_type: type,
        subject: subject.trim(),
        ...(outcome ? { outcome } : {}),
        ...(description.trim() ? { description: description.trim() } : {}),
      },
      {
        onSuccess: () => {
          setSubject('');
          setDescription('');
          setOutcome('');
        },
        onError: (error) =>
          setErrors(
            isApiError(error) && Object.keys(error.fieldErrors).length
              ? error.fieldErrors
              : { form: errorText(error) },
          ),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Log activity"
      className="flex flex-col gap-2 rounded-md border border-border p-3"
    >
      <div className="grid grid-cols-2 gap-2">
        <Field label="Type" error={errors.activity_type}>
          {(props) => (
            <Select {...props} value={type} onChange={(e) => setType(e.target.value as ActivityType)}>
              {ACTIVITY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABEL[t]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Outcome" error={errors.outcome}>
          {(props) => (
            <Select {...props} value={outcome} onChange={(e) => setOutcome(e.target.value as '' | Outcome)}>
              <option value="">None</option>
              {OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {OUTCOME_LABEL[o]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field label="Subject" error={errors.subject}>
        {(props) => <Input {...props} value={subject} onChange={(e) => setSubject(e.target.value)} />}
      </Field>
      <Field label="Notes" error={errors.description}>
        {(props) => (
          <Textarea
            {...props}
            rows={2}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      {errors.form ? (
        <p role="alert" className="text-xs text-danger">
          {errors.form}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" size="sm" variant="primary" disabled={log.isPending}>
          {log.isPending ? 'Logging…' : 'Log activity'}
        </Button>
      </div>
    </form>
  );
}
