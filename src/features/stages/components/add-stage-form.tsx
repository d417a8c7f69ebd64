import { useState, type FormEvent } from 'react';
import { LeadStageCreate, errorsByField, fieldErrors } from '@/contract';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { errorText } from '@/components/ui/states';
import { isApiError } from '@/lib/api-error';
import { outcomeFlags, type StageOutcome } from '@/lib/lead-stages';
import { notify } from '@/lib/notify';
import { useCreateStage } from '../api/stage-queries';
import { ColourField } from './colour-field';
import { OutcomeField } from './outcome-field';

/** A key from a name: "Demo booked" → "demo_booked". */
export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);

export function AddStageForm({ nextPosition }: { nextPosition: number }) {
  const [name, setName] = useState('');
  const [key, setKey] = useState('');
  const [keyTouched, setKeyTouched] = useState(false);
  const [color, setColor] = useState('#3b82f6');
  const [outcome, setOutcome] = useState<StageOutcome>('none');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateStage();
  const effectiveKey = keyTouched ? key : slugify(name);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = LeadStageCreate.safeParse({
      name: name.trim(),
      key: effectiveKey,
      color,
      position: nextPosition,
      ...outcomeFlags(outcome),
    });
    if (!checked.success) {
      setErrors(errorsByField(fieldErrors(checked.error)));
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: (stage) => {
        notify.success(`Stage ${stage.name} added`);
        setName('');
        setKey('');
        setKeyTouched(false);
        setOutcome('none');
      },
      onError: (error) => {
        const byField = isApiError(error) ? error.fieldErrors : {};
        setErrors(Object.keys(byField).length ? byField : { form: errorText(error) });
      },
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Add a stage"
      className="flex flex-col gap-3 rounded-lg border border-dashed border-border p-4"
    >
      <h2 className="text-sm font-semibold">Add a stage</h2>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Stage name" error={errors.name}>
          {(props) => <Input {...props} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label="Stage key" error={errors.key} hint="Lowercase letters, digits, _ or -.">
          {(props) => (
            <Input
              {...props}
              className="font-mono"
              value={effectiveKey}
              onChange={(e) => {
                setKeyTouched(true);
                setKey(e.target.value);
              }}
            />
          )}
        </Field>
      </div>
      <ColourField value={color} onChange={setColor} error={errors.color} />
      <OutcomeField value={outcome} onChange={setOutcome} />
      {errors.form ? (
        <p role="alert" className="text-[13px] text-danger">
          {errors.form}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" variant="primary" size="sm" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add stage'}
        </Button>
      </div>
    </form>
  );
}
