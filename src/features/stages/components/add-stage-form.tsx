import { useState } from 'react';
import { LeadStageCreate } from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { Field, Input } from '@/components/ui/field';
import { outcomeFlags, type StageOutcome } from '@/lib/lead-stages';
import { notify } from '@/lib/notify';
import { useCreateStage } from '../api/stage-queries';
import { ColourField } from '@/components/ui/colour-field';
import { OutcomeField } from './outcome-field';

/** A key from a name: "Demo booked" → "demo_booked". */
export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);

interface Values {
  name: string;
  /** Empty until typed: the key follows the name until then. */
  key: string;
  color: string;
  outcome: StageOutcome;
}

const INITIAL: Values = { name: '', key: '', color: '#3b82f6', outcome: 'none' };

export function AddStageForm({ nextPosition }: { nextPosition: number }) {
  const create = useCreateStage();
  const [keyTouched, setKeyTouched] = useState(false);
  const keyOf = (values: Values) => (keyTouched ? values.key : slugify(values.name));
  const form = useApiForm({
    initial: INITIAL,
    toBody: (values) => ({
      name: values.name.trim(),
      key: keyOf(values),
      color: values.color,
      position: nextPosition,
      ...outcomeFlags(values.outcome),
    }),
    schema: LeadStageCreate,
    submit: create.mutateAsync,
    fieldOf: (path) => {
      const head = path.split('.')[0];
      return head === 'name' || head === 'key' || head === 'color' ? head : null;
    },
    onSuccess: (stage) => {
      notify.success(`Stage ${stage.name} added`);
      // The colour stays: stages added one after another often share it.
      form.reset({ ...INITIAL, color: form.values.color });
      setKeyTouched(false);
    },
  });
  const { values, errors } = form;

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label="Add a stage"
      className="flex flex-col gap-3 rounded-lg border border-dashed border-border p-4"
    >
      <h2 className="text-sm font-semibold">Add a stage</h2>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Stage name" error={errors.name}>
          {(props) => (
            <Input {...props} value={values.name} onChange={(e) => form.setValue('name', e.target.value)} />
          )}
        </Field>
        <Field label="Stage key" error={errors.key} hint="Lowercase letters, digits, _ or -.">
          {(props) => (
            <Input
              {...props}
              className="font-mono"
              value={keyOf(values)}
              onChange={(e) => {
                setKeyTouched(true);
                form.setValue('key', e.target.value);
              }}
            />
          )}
        </Field>
      </div>
      <ColourField
        value={values.color}
        onChange={(color) => form.setValue('color', color)}
        error={errors.color}
      />
      <OutcomeField value={values.outcome} onChange={(outcome) => form.setValue('outcome', outcome)} />
      <FormAlert message={form.formError} />
      <FormActions submitLabel="Add stage" pendingLabel="Adding…" pending={form.pending} size="sm" />
    </form>
  );
}
