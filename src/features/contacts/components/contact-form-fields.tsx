import { Field, Input, Select, Textarea } from '@/components/ui/field';
import type { FormErrors } from '@/lib/form-errors';
import type { ContactValues } from '../contact-form-values';

interface Props {
  values: ContactValues;
  errors: FormErrors;
  onChange: <K extends keyof ContactValues>(key: K, value: ContactValues[K]) => void;
  /** The status control only makes sense for a contact that exists. */
  withStatus?: boolean;
}

const PHONE_HINT = 'With the country code, e.g. +44 20 7946 0958';

/** The contact's fields, shared by the New contact dialog and the contact page. */
export function ContactFormFields({ values, errors, onChange, withStatus = false }: Props) {
  const text = (
    key: 'first_name' | 'last_name' | 'email' | 'phone' | 'mobile' | 'position' | 'department',
    label: string,
    options: { type?: string; autoComplete?: string; hint?: string } = {},
  ) => (
    <Field label={label} error={errors[key]} hint={options.hint}>
      {(props) => (
        <Input
          {...props}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          value={values[key]}
          onChange={(e) => onChange(key, e.target.value)}
        />
      )}
    </Field>
  );
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {text('first_name', 'First name')}
      {text('last_name', 'Last name')}
      <div className="sm:col-span-2">{text('email', 'Email', { type: 'email' })}</div>
      {text('mobile', 'Mobile', { type: 'tel', hint: PHONE_HINT })}
      {text('phone', 'Phone', { type: 'tel' })}
      {text('position', 'Position')}
      {text('department', 'Department')}
      {withStatus ? (
        <Field label="Status" error={errors.status}>
          {(props) => (
            <Select
              {...props}
              value={values.status}
              onChange={(e) => onChange('status', e.target.value === 'inactive' ? 'inactive' : 'active')}
            >
              <option value="active">Active</option>
              <option value="inactive">Inactive</option>
            </Select>
          )}
        </Field>
      ) : null}
      <label className="flex min-h-8 items-center gap-2 self-end text-sm sm:col-span-1">
        <input
          type="checkbox"
          className="size-4"
          checked={values.is_primary}
          onChange={(e) => onChange('is_primary', e.target.checked)}
        />
        Primary contact
        {errors.is_primary ? <span className="text-xs text-danger">{errors.is_primary}</span> : null}
      </label>
      <div className="sm:col-span-2">
        <Field label="Notes" error={errors.notes}>
          {(props) => (
            <Textarea
              {...props}
              rows={3}
              value={values.notes}
              onChange={(e) => onChange('notes', e.target.value)}
            />
          )}
        </Field>
      </div>
    </div>
  );
}
