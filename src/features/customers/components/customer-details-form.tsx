import { useState, type FormEvent } from 'react';
import {
  CUSTOMER_SOURCES,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  CustomerUpdate,
  type Customer,
} from '@/contract';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { errorText } from '@/components/ui/states';
import { errorsFromApi, errorsFromSchema, type FormErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useUpdateCustomer } from '../api/customers';
import {
  controlOfPath,
  updateFromValues,
  valuesFromCustomer,
  type DetailsValues,
} from '../customer-form-values';
import { SOURCE_LABELS, STATUS_LABELS, TYPE_LABELS } from '../labels';

/** Errors by form control; errors of paths the form has no control for stay in `form`. */
function byControl(errors: FormErrors): {
  fields: Partial<Record<keyof DetailsValues, string>>;
  form: string[];
} {
  const fields: Partial<Record<keyof DetailsValues, string>> = {};
  const form: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const control = controlOfPath(path);
    if (control && !fields[control]) fields[control] = message;
    else form.push(`${path}: ${message}`);
  }
  return { fields, form };
}

/** Edits the customer's details and address; checked with the contract before anything is sent. */
export function CustomerDetailsForm({ customer, onDone }: { customer: Customer; onDone: () => void }) {
  const [values, setValues] = useState<DetailsValues>(() => valuesFromCustomer(customer));
  const [errors, setErrors] = useState<Partial<Record<keyof DetailsValues, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateCustomer(customer.id);

  const set = (key: keyof DetailsValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = updateFromValues(values, customer);
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    const checked = CustomerUpdate.safeParse(body);
    if (!checked.success) {
      const split = byControl(errorsFromSchema(checked.error));
      setErrors(split.fields);
      if (split.form.length) setFormError(split.form.join(' '));
      return;
    }
    update.mutate(checked.data, {
      onSuccess: () => {
        notify.success('Customer saved');
        onDone();
      },
      onError: (error) => {
        const split = byControl(errorsFromApi(error));
        setErrors(split.fields);
        const fieldCount = Object.keys(split.fields).length;
        setFormError(
          split.form.length
            ? split.form.join(' ')
            : fieldCount
              ? 'Some fields need attention.'
              : errorText(error),
        );
      },
    });
  };

  const text = (key: keyof DetailsValues, label: string, type = 'text', autoComplete = 'off') => (
    <Field label={label} error={errors[key]}>
      {(props) => (
        <Input
          {...props}
          // Opening the form puts the keyboard in its first field.
          autoFocus={key === 'name'}
          type={type}
          autoComplete={autoComplete}
          value={values[key]}
          onChange={(e) => set(key)(e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Edit customer details" className="flex flex-col gap-4">
      {formError ? (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
          {formError}
        </p>
      ) : null}
      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-xs font-medium uppercase tracking-wide text-subtle">Details</legend>
        {text('name', 'Name')}
        {text('company_name', 'Company')}
        {text('industry', 'Industry')}
        {text('website', 'Website', 'url')}
        {text('email', 'Email', 'email')}
        {text('phone', 'Phone', 'tel')}
        <Field label="Type" error={errors.customer_type}>
          {(props) => (
            <Select
              {...props}
              value={values.customer_type}
              onChange={(e) => set('customer_type')(e.target.value)}
            >
              {values.customer_type === '' ? <option value="">Not set</option> : null}
              {CUSTOMER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Status" error={errors.status}>
          {(props) => (
            <Select {...props} value={values.status} onChange={(e) => set('status')(e.target.value)}>
              {CUSTOMER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Source" error={errors.source}>
          {(props) => (
            <Select {...props} value={values.source} onChange={(e) => set('source')(e.target.value)}>
              {values.source === '' ? <option value="">Not set</option> : null}
              {CUSTOMER_SOURCES.map((s) => (
                <option key={s} value={s}>
                  {SOURCE_LABELS[s] ?? s}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </fieldset>
      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-xs font-medium uppercase tracking-wide text-subtle">Address</legend>
        <div className="sm:col-span-2">{text('street', 'Street', 'text', 'street-address')}</div>
        {text('city', 'City')}
        {text('state', 'State or region')}
        {text('postal_code', 'Postal code')}
        {text('country', 'Country')}
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button variant="primary" type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
