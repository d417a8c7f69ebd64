import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LeadStageUpdate, errorsByField, fieldErrors, type LeadStage } from '@/contract';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { errorText } from '@/components/ui/states';
import { isApiError } from '@/lib/api-error';
import { count } from '@/lib/format';
import { outcomeFlags, stageOutcome, type StageOutcome } from '@/lib/lead-stages';
import { notify } from '@/lib/notify';
import { stageLeadCountQuery, useUpdateStage } from '../api/stage-queries';
import { ColourField } from './colour-field';
import { OutcomeField } from './outcome-field';

interface StageEditorProps {
  stage: LeadStage;
  onKeyChanged: (oldKey: string, newKey: string) => void;
  onClose: () => void;
}

/** Rename, recolour, re-key, outcome and default for one stage; sends only what changed. */
export function StageEditor({ stage, onKeyChanged, onClose }: StageEditorProps) {
  const [name, setName] = useState(stage.name);
  const [key, setKey] = useState(stage.key);
  const [color, setColor] = useState(stage.color);
  const [outcome, setOutcome] = useState<StageOutcome>(stageOutcome(stage));
  const [makeDefault, setMakeDefault] = useState(stage.is_default);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateStage();
  const keyChanging = key.trim() !== stage.key;
  const holding = useQuery({ ...stageLeadCountQuery(stage.key), enabled: keyChanging });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const flags = outcomeFlags(outcome);
    const candidate: Record<string, unknown> = {};
    if (name.trim() !== stage.name) candidate.name = name.trim();
    if (keyChanging) candidate.key = key.trim();
    if (color.toLowerCase() !== stage.color.toLowerCase()) candidate.color = color;
    if (flags.is_won !== stage.is_won) candidate.is_won = flags.is_won;
    if (flags.is_lost !== stage.is_lost) candidate.is_lost = flags.is_lost;
    if (makeDefault && !stage.is_default) candidate.is_default = true;
    const checked = LeadStageUpdate.safeParse(candidate);
    if (!checked.success) {
      setErrors(errorsByField(fieldErrors(checked.error)));
      return;
    }
    setErrors({});
    if (Object.keys(checked.data).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: stage.id, body: checked.data },
      {
        onSuccess: (saved) => {
          notify.success(`Stage ${saved.name} saved`);
          if (checked.data.key !== undefined) onKeyChanged(stage.key, saved.key);
          onClose();
        },
        onError: (error) => {
          const byField = isApiError(error) ? error.fieldErrors : {};
          setErrors(Object.keys(byField).length ? byField : { form: errorText(error) });
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Edit stage ${stage.name}`}
      className="flex flex-col gap-3 border-t border-border px-3 py-3"
    >
      <div className="grid grid-cols-2 gap-3">
        <Field label="Name" error={errors.name}>
          {(props) => <Input {...props} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field
          label="Key"
          error={errors.key}
          hint="Leads store the key, not the name. Changing it leaves leads on the old key matching no stage."
        >
          {(props) => (
            <Input {...props} value={key} onChange={(e) => setKey(e.target.value)} className="font-mono" />
          )}
        </Field>
      </div>
      {keyChanging && holding.data ? (
        <p role="status" className="rounded-md bg-warning-soft px-3 py-2 text-[13px] text-warning">
          {count(holding.data)} {holding.data === 1 ? 'lead holds' : 'leads hold'} “{stage.key}”. After saving
          you can move them to the new key.
        </p>
      ) : null}
      <ColourField value={color} onChange={setColor} error={errors.color} />
      <OutcomeField value={outcome} onChange={setOutcome} />
      <label className="inline-flex min-h-8 items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={makeDefault}
          disabled={stage.is_default}
          onChange={(e) => setMakeDefault(e.target.checked)}
        />
        Default stage (new leads land here)
        {stage.is_default ? (
          <span className="text-xs text-subtle">— make another stage the default to change this</span>
        ) : null}
      </label>
      {errors.form || errors.is_won || errors.is_default ? (
        <p role="alert" className="text-[13px] text-danger">
          {errors.form ?? errors.is_won ?? errors.is_default}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button size="sm" onClick={onClose}>
          Cancel
        </Button>
        <Button size="sm" type="submit" variant="primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save stage'}
        </Button>
      </div>
    </form>
  );
}
