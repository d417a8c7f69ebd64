import { ACTIVITY_TYPES, ActivityCreate, OUTCOMES } from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm, type FieldErrors } from '@/components/form/use-api-form';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { filledOrUndefined } from '@/lib/form-values';
import { ACTIVITY_LABELS, OUTCOME_LABELS } from './activity-labels';
import { fromLocalInput, toLocalInput } from './timeline';

/** What the activity is logged on: exactly one of them, as the contract requires. */
export type ActivitySubject = { customer_id: string } | { lead_id: string };

/** The feature's own mutation (it knows which cached timeline the activity joins). */
export interface ActivityLogger {
  mutateAsync: (body: ActivityCreate) => Promise<unknown>;
}

interface Values {
  activity_type: string;
  subject: string;
  activity_date: string;
  duration_minutes: string;
  outcome: string;
  description: string;
}

const initialValues = (): Values => ({
  activity_type: 'call',
  subject: '',
  activity_date: toLocalInput(new Date()),
  duration_minutes: '',
  outcome: '',
  description: '',
});

const minutesOf = (values: Values) => {
  const duration = filledOrUndefined(values.duration_minutes);
  return duration === undefined ? undefined : Number(duration);
};

/** What the schema cannot tell: a date the browser could not read, minutes that are not whole. */
function check(values: Values): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  if (values.activity_date && fromLocalInput(values.activity_date) === null)
    errors.activity_date = 'Must be a date and time.';
  const minutes = minutesOf(values);
  if (minutes !== undefined && !Number.isInteger(minutes))
    errors.duration_minutes = 'Must be a whole number of minutes.';
  return errors;
}

/** The form's values as the request body, for the contract to check. */
function bodyOf(values: Values, subject: ActivitySubject): unknown {
  const when = values.activity_date ? fromLocalInput(values.activity_date) : undefined;
  const minutes = minutesOf(values);
  const description = filledOrUndefined(values.description);
  return {
    ...subject,
    activity_type: values.activity_type,
    subject: values.subject,
    ...(when ? { activity_date: when } : {}),
    ...(minutes !== undefined ? { duration_minutes: minutes } : {}),
    ...(values.outcome ? { outcome: values.outcome } : {}),
    ...(description ? { description } : {}),
  };
}

/**
 * Logs a call, email, meeting… on a customer's or a lead's timeline. The date starts at "now" as
 * of when the form appears, and again after each activity logged.
 */
export function LogActivityForm({
  subject,
  log,
  onLogged,
  onCancel,
}: {
  subject: ActivitySubject;
  log: ActivityLogger;
  onLogged?: () => void;
  onCancel?: () => void;
}) {
  const form = useApiForm({
    initial: initialValues,
    toBody: (values: Values) => bodyOf(values, subject),
    schema: ActivityCreate,
    check,
    submit: log.mutateAsync,
    onSuccess: () => {
      form.reset(initialValues());
      onLogged?.();
    },
  });
  const { values, errors } = form;
  const set = (key: keyof Values) => (value: string) => form.setValue(key, value);

  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Log activity" className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3">
        <Field label="Type" error={errors.activity_type}>
          {(props) => (
            <Select
              {...props}
              value={values.activity_type}
              onChange={(e) => set('activity_type')(e.target.value)}
            >
              {ACTIVITY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ACTIVITY_LABELS[t]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Outcome" error={errors.outcome}>
          {(props) => (
            <Select {...props} value={values.outcome} onChange={(e) => set('outcome')(e.target.value)}>
              <option value="">None</option>
              {OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {OUTCOME_LABELS[o]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field label="Subject" error={errors.subject}>
        {(props) => (
          <Input
            {...props}
            value={values.subject}
            onChange={(e) => set('subject')(e.target.value)}
            autoComplete="off"
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Date and time" error={errors.activity_date}>
          {(props) => (
            <Input
              {...props}
              type="datetime-local"
              value={values.activity_date}
              onChange={(e) => set('activity_date')(e.target.value)}
            />
          )}
        </Field>
        <Field label="Duration (minutes)" error={errors.duration_minutes}>
          {(props) => (
            <Input
              {...props}
              type="number"
              min={0}
              max={1440}
              step={1}
              inputMode="numeric"
              value={values.duration_minutes}
              onChange={(e) => set('duration_minutes')(e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label="Notes" error={errors.description}>
        {(props) => (
          <Textarea
            {...props}
            rows={3}
            value={values.description}
            onChange={(e) => set('description')(e.target.value)}
          />
        )}
      </Field>
      <FormAlert message={form.formError} />
      <FormActions submitLabel="Log activity" pending={form.pending} {...(onCancel ? { onCancel } : {})} />
    </form>
  );
}
