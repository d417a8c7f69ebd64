import { useState, type FormEvent } from 'react';
import { ACTIVITY_TYPES, ActivityCreate, OUTCOMES } from '@/contract';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { errorText } from '@/components/ui/states';
import { errorsFromApi, errorsFromSchema, type FormErrors } from '@/lib/form-errors';
import { filledOrUndefined } from '@/lib/form-values';
import { ACTIVITY_LABELS, OUTCOME_LABELS } from './activity-labels';
import { fromLocalInput, toLocalInput } from './timeline';

/** What the activity is logged on: exactly one of them, as the contract requires. */
export type ActivitySubject = { customer_id: string } | { lead_id: string };

/** The feature's own mutation (it knows which cached timeline to refresh). */
export interface ActivityLogger {
  mutate: (body: ActivityCreate, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
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

/** The form's values as the request body; shapes the contract then checks. */
function bodyOf(values: Values, subject: ActivitySubject): { body: unknown; errors: FormErrors } {
  const errors: FormErrors = {};
  const when = values.activity_date ? fromLocalInput(values.activity_date) : undefined;
  if (when === null) errors.activity_date = 'Must be a date and time.';
  const duration = filledOrUndefined(values.duration_minutes);
  const minutes = duration === undefined ? undefined : Number(duration);
  if (minutes !== undefined && !Number.isInteger(minutes))
    errors.duration_minutes = 'Must be a whole number of minutes.';
  const description = filledOrUndefined(values.description);
  const body = {
    ...subject,
    activity_type: values.activity_type,
    subject: values.subject,
    ...(when ? { activity_date: when } : {}),
    ...(minutes !== undefined ? { duration_minutes: minutes } : {}),
    ...(values.outcome ? { outcome: values.outcome } : {}),
    ...(description ? { description } : {}),
  };
  return { body, errors };
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
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (key: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const shaped = bodyOf(values, subject);
    const checked = ActivityCreate.safeParse(shaped.body);
    if (!checked.success || Object.keys(shaped.errors).length) {
      setErrors({ ...(checked.success ? {} : errorsFromSchema(checked.error)), ...shaped.errors });
      return;
    }
    log.mutate(checked.data, {
      onSuccess: () => {
        setValues(initialValues());
        setErrors({});
        onLogged?.();
      },
      onError: (error) => {
        const fieldErrors = errorsFromApi(error);
        setErrors(fieldErrors);
        setFormError(Object.keys(fieldErrors).length ? 'Some fields need attention.' : errorText(error));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Log activity" className="flex flex-col gap-3">
      {formError ? (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
          {formError}
        </p>
      ) : null}
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
      <div className="flex justify-end gap-2 pt-1">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button variant="primary" type="submit" disabled={log.isPending}>
          {log.isPending ? 'Saving…' : 'Log activity'}
        </Button>
      </div>
    </form>
  );
}
