import { useQuery } from '@tanstack/react-query';
import { LeadStageUpdate, type LeadStage } from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { Field, Input } from '@/components/ui/field';
import { leadsCountQuery } from '@/data/leads';
import { count } from '@/lib/format';
import { outcomeFlags, stageOutcome, type StageOutcome } from '@/lib/lead-stages';
import { notify } from '@/lib/notify';
import { useUpdateStage } from '../api/stage-queries';
import { ColourField } from '@/components/ui/colour-field';
import { OutcomeField } from './outcome-field';

interface StageEditorProps {
  stage: LeadStage;
  onKeyChanged: (oldKey: string, newKey: string) => void;
  onClose: () => void;
}

interface Values {
  name: string;
  key: string;
  color: string;
  outcome: StageOutcome;
  is_default: boolean;
}

/** Only what changed, as the PATCH sends it (the outcome travels as its two flags). */
function changes(values: Values, stage: LeadStage): Record<string, unknown> {
  const flags = outcomeFlags(values.outcome);
  const body: Record<string, unknown> = {};
  if (values.name.trim() !== stage.name) body.name = values.name.trim();
  if (values.key.trim() !== stage.key) body.key = values.key.trim();
  if (values.color.toLowerCase() !== stage.color.toLowerCase()) body.color = values.color;
  if (flags.is_won !== stage.is_won) body.is_won = flags.is_won;
  if (flags.is_lost !== stage.is_lost) body.is_lost = flags.is_lost;
  if (values.is_default && !stage.is_default) body.is_default = true;
  return body;
}

/** Errors of the flags show beside the outcome and default controls. */
const fieldOf = (path: string): keyof Values | null => {
  const head = path.split('.')[0];
  if (head === 'is_won' || head === 'is_lost') return 'outcome';
  if (head === 'name' || head === 'key' || head === 'color' || head === 'is_default') return head;
  return null;
};

/** Rename, recolour, re-key, outcome and default for one stage; sends only what changed. */
export function StageEditor({ stage, onKeyChanged, onClose }: StageEditorProps) {
  const update = useUpdateStage(stage.id);
  const form = useApiForm({
    initial: (): Values => ({
      name: stage.name,
      key: stage.key,
      color: stage.color,
      outcome: stageOutcome(stage),
      is_default: stage.is_default,
    }),
    toBody: (values) => changes(values, stage),
    schema: LeadStageUpdate,
    submit: (body) => update.mutateAsync(body),
    fieldOf,
    onUnchanged: onClose,
    onSuccess: (saved, body) => {
      notify.success(`Stage ${saved.name} saved`);
      if (body.key !== undefined) onKeyChanged(stage.key, saved.key);
      onClose();
    },
  });
  const { values, errors } = form;
  const keyChanging = values.key.trim() !== stage.key;
  const holding = useQuery({ ...leadsCountQuery({ status: stage.key }), enabled: keyChanging });

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={`Edit stage ${stage.name}`}
      className="flex flex-col gap-3 border-t border-border px-3 py-3"
    >
      <div className="grid grid-cols-2 gap-3">
        <Field label="Name" error={errors.name}>
          {(props) => (
            <Input {...props} value={values.name} onChange={(e) => form.setValue('name', e.target.value)} />
          )}
        </Field>
        <Field
          label="Key"
          error={errors.key}
          hint="Leads store the key, not the name. Changing it leaves leads on the old key matching no stage."
        >
          {(props) => (
            <Input
              {...props}
              value={values.key}
              onChange={(e) => form.setValue('key', e.target.value)}
              className="font-mono"
            />
          )}
        </Field>
      </div>
      {keyChanging && holding.data ? (
        <p role="status" className="rounded-md bg-warning-soft px-3 py-2 text-[13px] text-warning">
          {count(holding.data)} {holding.data === 1 ? 'lead holds' : 'leads hold'} “{stage.key}”. After saving
          you can move them to the new key.
        </p>
      ) : null}
      <ColourField
        value={values.color}
        onChange={(color) => form.setValue('color', color)}
        error={errors.color}
      />
      <OutcomeField value={values.outcome} onChange={(outcome) => form.setValue('outcome', outcome)} />
      {errors.outcome ? <p className="text-xs text-danger">{errors.outcome}</p> : null}
      <label className="inline-flex min-h-8 items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.is_default}
          disabled={stage.is_default}
          onChange={(e) => form.setValue('is_default', e.target.checked)}
        />
        Default stage (new leads land here)
        {stage.is_default ? (
          <span className="text-xs text-subtle">— make another stage the default to change this</span>
        ) : null}
      </label>
      {errors.is_default ? <p className="text-xs text-danger">{errors.is_default}</p> : null}
      <FormAlert message={form.formError} />
      <FormActions submitLabel="Save stage" pending={form.pending} onCancel={onClose} size="sm" />
    </form>
  );
}
