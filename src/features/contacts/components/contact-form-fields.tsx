import { useQuery } from '@tanstack/react-query';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import type { FieldErrors } from '@/components/form/use-api-form';
import { UNKNOWN_TAG_NAME, tagIndex } from '@/lib/tags';
import { tagsQuery } from '@/data/tags';
import type { ContactValues } from '../contact-form-values';
import { ColorDot } from '@/components/ui/color-dot';
import { UserText } from '@/components/ui/user-text';

interface Props {
  values: ContactValues;
  errors: FieldErrors<ContactValues>;
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
        <TagChoices chosen={values.tags} error={errors.tags} onChange={(tags) => onChange('tags', tags)} />
      </div>
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

/** Tags as toggles; a tag the record holds that the list lacks stays listed as "Unknown tag". */
function TagChoices({
  chosen,
  error,
  onChange,
}: {
  chosen: string[];
  error: string | undefined;
  onChange: (tags: string[]) => void;
}) {
  const tags = useQuery(tagsQuery());
  if (tags.isPending) return <p className="text-xs text-muted">Loading tags…</p>;
  if (tags.isError)
    return (
      <p className="text-xs text-muted">Tags could not be loaded; the contact can be saved without them.</p>
    );
  const index = tagIndex(tags.data);
  const unknown = chosen
    .filter((id) => !index.has(id))
    .map((id) => ({ id, name: UNKNOWN_TAG_NAME, color: null }));
  const options = [...tags.data, ...unknown];
  if (options.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-1 text-[13px] font-medium text-muted">Tags</legend>
      <ul className="flex flex-wrap gap-1.5">
        {options.map((tag) => {
          const on = chosen.includes(tag.id);
          return (
            <li key={tag.id}>
              <label
                className={`inline-flex min-h-8 cursor-pointer items-center gap-1.5 rounded-full border px-2.5 text-xs ${on ? 'border-accent bg-accent-soft text-fg' : 'border-border text-muted'}`}
              >
                <input
                  type="checkbox"
                  className="size-3.5"
                  checked={on}
                  onChange={(e) =>
                    onChange(e.target.checked ? [...chosen, tag.id] : chosen.filter((id) => id !== tag.id))
                  }
                />
                <ColorDot color={tag.color} />
                <UserText>{tag.name}</UserText>
              </label>
            </li>
          );
        })}
      </ul>
      {error ? <p className="mt-1 text-xs text-danger">{error}</p> : null}
    </fieldset>
  );
}
