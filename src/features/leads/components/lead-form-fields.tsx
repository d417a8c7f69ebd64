import type { InputHTMLAttributes } from 'react';
import { CUSTOMER_TYPES, PRIORITIES } from '@/contract';
import { Field, Input, Select } from '@/components/ui/field';
import type { FieldErrors } from '@/components/form/use-api-form';
import type { LeadFormValues } from '../model/lead-form';
import { PRIORITY_LABEL } from './priority-badge';

interface LeadFormFieldsProps {
  values: LeadFormValues;
  errors: FieldErrors<LeadFormValues>;
  onChange: <K extends keyof LeadFormValues>(key: K, value: LeadFormValues[K]) => void;
  /** Owner is a field on create; an existing lead is reassigned with its own control. */
  members?: readonly { id: string; name: string }[];
}

const TYPE_LABEL = { individual: 'Individual', business: 'Business' } as const;

export function LeadFormFields({ values, errors, onChange, members }: LeadFormFieldsProps) {
  const text = (
    key: Exclude<keyof LeadFormValues, 'priority' | 'customer_type'>,
    label: string,
    type = 'text',
    extra: InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <Field label={label} error={errors[key]}>
      {(props) => (
        <Input
          {...props}
          {...extra}
          type={type}
          value={values[key]}
          onChange={(e) => onChange(key, e.target.value)}
        />
      )}
    </Field>
  );
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="col-span-2">
        {text('name', 'Name', 'text', { required: true, autoComplete: 'off' })}
      </div>
      {text('company_name', 'Company')}
      {text('email', 'Email', 'email')}
      {text('phone', 'Phone', 'tel')}
      <Field label="Priority" error={errors.priority}>
        {(props) => (
          <Select
            {...props}
            value={values.priority}
            onChange={(e) => onChange('priority', e.target.value as LeadFormValues['priority'])}
          >
            <option value="">Not set</option>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABEL[p]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {text('value', 'Value', 'number', { min: '0', step: 'any', inputMode: 'decimal' })}
      {text('currency', 'Currency', 'text', { placeholder: 'EUR', maxLength: 3 })}
      {text('probability', 'Probability (%)', 'number', { min: '0', max: '100', step: '1' })}
      {text('expected_close_date', 'Expected close', 'date')}
      <Field label="Type" error={errors.customer_type}>
        {(props) => (
          <Select
            {...props}
            value={values.customer_type}
            onChange={(e) => onChange('customer_type', e.target.value as LeadFormValues['customer_type'])}
          >
            <option value="">Not set</option>
            {CUSTOMER_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABEL[t]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {text('industry', 'Industry')}
      {text('source', 'Source')}
      {members ? (
        <Field label="Owner" error={errors.assigned_to_user_id}>
          {(props) => (
            <Select
              {...props}
              value={values.assigned_to_user_id}
              onChange={(e) => onChange('assigned_to_user_id', e.target.value)}
            >
              <option value="">Unassigned</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
    </div>
  );
}
