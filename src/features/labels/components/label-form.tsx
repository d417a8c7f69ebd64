import { LabelChange, LabelCreate, type Label } from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm, type ApiForm } from '@/components/form/use-api-form';
import { ColourField } from '@/components/ui/colour-field';
import { Field, Input } from '@/components/ui/field';
import { notify } from '@/lib/notify';
import { useCreateLabel, useUpdateLabel } from '../api/label-mutations';

interface Values {
  name: string;
  color: string;
}

const fieldOf = (path: string) => {
  const head = path.split('.')[0];
  return head === 'name' || head === 'color' ? head : null;
};

/** Adds a label at the end of the list; the colour stays for the next one. */
export function AddLabelForm() {
  const create = useCreateLabel();
  const form = useApiForm({
    initial: { name: '', color: '#3b82f6' } satisfies Values,
    toBody: (values) => ({ name: values.name.trim(), color: values.color }),
    schema: LabelCreate,
    submit: create.mutateAsync,
    fieldOf,
    onSuccess: (label) => {
      notify.success(`Label ${label.name} added`);
      form.reset({ name: '', color: form.values.color });
    },
  });
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label="Add a label"
      className="flex flex-col gap-3 rounded-lg border border-dashed border-border p-4"
    >
      <h2 className="text-sm font-semibold">Add a label</h2>
      <LabelFields form={form} />
      <FormAlert message={form.formError} />
      <FormActions submitLabel="Add label" pendingLabel="Adding…" pending={form.pending} size="sm" />
    </form>
  );
}

/** Renames or recolours a label; nothing changed sends nothing. */
export function EditLabelForm({ label, onDone }: { label: Label; onDone: () => void }) {
  const update = useUpdateLabel();
  const form = useApiForm({
    initial: { name: label.name, color: label.color } satisfies Values,
    toBody: (values) => ({
      ...(values.name.trim() !== label.name ? { name: values.name.trim() } : {}),
      ...(values.color !== label.color ? { color: values.color } : {}),
    }),
    schema: LabelChange,
    // Nothing changed: nothing is sent.
    onUnchanged: onDone,
    submit: (body) => update.mutateAsync({ id: label.id, body }),
    fieldOf,
    onSuccess: (saved) => {
      notify.success(`Label ${saved.name} saved`);
      onDone();
    },
  });
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={`Edit label ${label.name}`}
      className="flex flex-col gap-3"
    >
      <LabelFields form={form} />
      <FormAlert message={form.formError} />
      <FormActions submitLabel="Save label" pending={form.pending} onCancel={onDone} size="sm" />
    </form>
  );
}

function LabelFields({ form }: { form: ApiForm<Values> }) {
  const { values, errors } = form;
  return (
    <>
      <Field label="Label name" error={errors.name}>
        {(props) => (
          <Input {...props} value={values.name} onChange={(e) => form.setValue('name', e.target.value)} />
        )}
      </Field>
      <ColourField
        value={values.color}
        onChange={(color) => form.setValue('color', color)}
        error={errors.color}
      />
    </>
  );
}
