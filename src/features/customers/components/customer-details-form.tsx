import {
  CUSTOMER_SOURCES,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  CustomerUpdate,
  type Customer,
} from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { Field, Input, Select } from '@/components/ui/field';
import { notify } from '@/lib/notify';
import { useUpdateCustomer } from '../api/customers';
import {
  controlOfPath,
  updateFromValues,
  valuesFromCustomer,
  type DetailsValues,
} from '../customer-form-values';
import { SOURCE_LABELS, STATUS_LABELS, TYPE_LABELS } from '../labels';

/** Edits the customer's details and address; checked with the contract before anything is sent. */
export function CustomerDetailsForm({ customer, onDone }: { customer: Customer; onDone: () => void }) {
  const update = useUpdateCustomer(customer.id);
  const form = useApiForm({
    initial: () => valuesFromCustomer(customer),
    toBody: (values) => updateFromValues(values, customer),
    schema: CustomerUpdate,
    submit: update.mutateAsync,
    fieldOf: controlOfPath,
    onUnchanged: onDone,
    onSuccess: () => {
      notify.success('Customer saved');
      onDone();
    },
  });
  const { values, errors } = form;
  const set = (key: keyof DetailsValues) => (value: string) => form.setValue(key, value);

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
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label="Edit customer details"
      className="flex flex-col gap-4"
    >
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
      <FormAlert message={form.formError} />
      <FormActions submitLabel="Save changes" pending={form.pending} onCancel={onDone} />
    </form>
  );
}
