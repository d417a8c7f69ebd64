import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { CustomerUpdate, type Customer } from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { customerFieldsQuery, type CustomFieldDescription } from '@/data/customers';
import { calendarDate, count } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { notify } from '@/lib/notify';
import { useUpdateCustomer } from '../api/customers';
import { customFieldsChange, editableFields, inputValue } from '../custom-field-values';

/** "account_tier" → "Account tier": a label for a field no description names. */
export function labelOfKey(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A custom field's value as text, by its described type when there is one. */
export function formatFieldValue(value: unknown, type?: string | null): string {
  if (value === null || value === undefined || value === '') return '';
  if (type === 'date' && typeof value === 'string') return calendarDate(value);
  if (typeof value === 'number') return count(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return type === 'select' ? labelOfKey(value) : value;
  return JSON.stringify(value);
}

interface Row {
  key: string;
  label: string;
  value: string;
}

/** Described fields first, in the described order; then any other key the record carries. */
export function customFieldRows(
  values: Record<string, unknown> | null | undefined,
  descriptions: readonly CustomFieldDescription[],
): Row[] {
  const data = values ?? {};
  const described = new Set(descriptions.map((d) => d.key));
  const rows: Row[] = descriptions
    .filter((d) => d.key in data)
    .map((d) => ({
      key: d.key,
      label: d.label || labelOfKey(d.key),
      value: formatFieldValue(data[d.key], d.type),
    }));
  for (const [key, value] of Object.entries(data)) {
    if (!described.has(key)) rows.push({ key, label: labelOfKey(key), value: formatFieldValue(value) });
  }
  return rows;
}

function CustomFieldsForm({
  customer,
  descriptions,
  onDone,
}: {
  customer: Customer;
  descriptions: readonly CustomFieldDescription[];
  onDone: () => void;
}) {
  const fields = editableFields(customer.custom_fields, descriptions);
  const update = useUpdateCustomer(customer.id);
  const form = useApiForm({
    initial: (): Record<string, string> =>
      Object.fromEntries(fields.map((f) => [f.key, inputValue(customer.custom_fields?.[f.key])])),
    check: (inputs) => customFieldsChange(inputs, customer.custom_fields, fields).errors,
    toBody: (inputs) => {
      const { change } = customFieldsChange(inputs, customer.custom_fields, fields);
      return Object.keys(change).length ? { custom_fields: change } : {};
    },
    schema: CustomerUpdate,
    submit: update.mutateAsync,
    // The server names a custom field by its path in the body ("custom_fields.tier").
    fieldOf: (path) => {
      const key = path.replace(/^custom_fields\./, '');
      return fields.some((f) => f.key === key) ? key : null;
    },
    onUnchanged: onDone,
    onSuccess: () => {
      notify.success('Custom fields saved');
      onDone();
    },
  });
  const inputs = form.values;
  const errors = form.errors;

  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Edit custom fields" className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {fields.map((field, index) => (
          <Field key={field.key} label={field.label} error={errors[field.key]}>
            {(props) => {
              const common = {
                ...props,
                autoFocus: index === 0,
                value: inputs[field.key] ?? '',
                onChange: (e: { target: { value: string } }) => form.setValue(field.key, e.target.value),
              };
              if (field.kind === 'select') {
                const current = inputs[field.key] ?? '';
                const options =
                  current && !field.options.includes(current) ? [current, ...field.options] : field.options;
                return (
                  <Select {...common}>
                    <option value="">Not set</option>
                    {options.map((o) => (
                      <option key={o} value={o}>
                        {labelOfKey(o)}
                      </option>
                    ))}
                  </Select>
                );
              }
              return (
                <Input
                  {...common}
                  type={field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : 'text'}
                  autoComplete="off"
                />
              );
            }}
          </Field>
        ))}
      </div>
      <FormAlert message={form.formError} />
      <FormActions submitLabel="Save fields" pending={form.pending} onCancel={onDone} />
    </form>
  );
}

export function CustomFields({ customer }: { customer: Customer }) {
  // Without descriptions (still loading, or failed) the fields show as plain key and value.
  const fields = useQuery(customerFieldsQuery());
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const descriptions = fields.data ?? [];
  const rows = customFieldRows(customer.custom_fields, descriptions);
  const canEdit = can('customers.update') && editableFields(customer.custom_fields, descriptions).length > 0;
  return (
    <section aria-labelledby="custom-fields-title" className="rounded-lg border border-border bg-raised p-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="custom-fields-title" className="font-semibold">
          Custom fields
        </h2>
        {!editing && canEdit ? (
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
            <Pencil size={14} aria-hidden />
            Edit fields
          </Button>
        ) : null}
      </div>
      {editing && canEdit ? (
        <CustomFieldsForm customer={customer} descriptions={descriptions} onDone={() => setEditing(false)} />
      ) : rows.length === 0 ? (
        <p className="text-muted">No custom fields on this customer.</p>
      ) : (
        <dl className="text-sm">
          {rows.map((row) => (
            <div key={row.key} className="grid grid-cols-[8rem_1fr] gap-2 py-1">
              <dt className="text-muted">{row.label}</dt>
              <dd className="min-w-0 break-words tabular-nums">
                {row.value || <span className="text-subtle">—</span>}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
