import {
  ASSIGNMENT_MODE_LABELS,
  ASSIGNMENT_MODES,
  AssignmentRuleBody,
  type AssignmentMode,
  type AssignmentRule,
} from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { Field, Input, Select } from '@/components/ui/field';
import { notify } from '@/lib/notify';
import { useSaveRule } from '../api/use-save-rule';

// One channel's rule: on or off, round robin or least loaded, who it hands out to, a cap on open
// threads and the no-reply time with where such a thread goes. Blank cap or time: none. The
// contract's schema checks it before sending; the BFF's refusals (a teammate who left) land on
// their fields.

interface Values {
  enabled: boolean;
  mode: AssignmentMode;
  members: string[];
  /** Blank: no cap. */
  cap: string;
  /** Blank: no no-reply time. */
  noReplyMinutes: string;
  /** Blank: back to the queue. */
  noReplyTo: string;
}

const FIELDS = ['enabled', 'mode', 'members', 'cap', 'noReplyMinutes', 'noReplyTo'] as const;

const MODE_HINTS: Readonly<Record<AssignmentMode, string>> = {
  'round-robin': 'Each Available teammate in turn.',
  'least-loaded': 'The Available teammate with the fewest open threads.',
};

const valuesOf = (rule: AssignmentRule | null, team: readonly { username: string }[]): Values => ({
  enabled: rule?.enabled ?? true,
  mode: rule?.mode ?? 'round-robin',
  members: rule?.members ?? team.map((t) => t.username),
  cap: rule?.cap === null || rule?.cap === undefined ? '' : String(rule.cap),
  noReplyMinutes:
    rule?.noReplyMinutes === null || rule?.noReplyMinutes === undefined ? '' : String(rule.noReplyMinutes),
  noReplyTo: rule?.noReplyTo ?? '',
});

/** A blank number is none; anything else goes as typed, for the schema to judge ("must be a whole number"). */
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

export function RuleForm({
  channelId,
  channelName,
  rule,
  team,
}: {
  channelId: string;
  channelName: string;
  rule: AssignmentRule | null;
  team: readonly { username: string; name: string }[];
}) {
  const save = useSaveRule(channelId);
  const form = useApiForm({
    initial: () => valuesOf(rule, team),
    toBody: (v: Values) => ({
      enabled: v.enabled,
      mode: v.mode,
      members: v.members,
      cap: numberOrNull(v.cap),
      noReplyMinutes: numberOrNull(v.noReplyMinutes),
      noReplyTo: v.noReplyTo === '' ? null : v.noReplyTo,
    }),
    schema: AssignmentRuleBody,
    submit: save.mutateAsync,
    fieldOf: (path) => FIELDS.find((f) => f === path.split('.')[0]) ?? null,
    onSuccess: (saved) => {
      notify.success(`${channelName}: rule saved${saved.rule?.enabled ? '' : ' (off)'}`);
      form.reset(valuesOf(saved.rule, team));
    },
  });
  const { values, errors } = form;
  const toggleMember = (username: string, on: boolean) =>
    form.setValue(
      'members',
      on ? [...values.members, username] : values.members.filter((m) => m !== username),
    );

  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-label={`${channelName} rule`}
      className="flex flex-col gap-3"
    >
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={values.enabled}
          onChange={(e) => form.setValue('enabled', e.target.checked)}
        />
        <span className="font-medium">Assign new threads automatically</span>
      </label>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="How" error={errors.mode} hint={MODE_HINTS[values.mode]}>
          {(props) => (
            <Select
              {...props}
              value={values.mode}
              onChange={(e) => form.setValue('mode', e.target.value as AssignmentMode)}
            >
              {ASSIGNMENT_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {ASSIGNMENT_MODE_LABELS[mode].replace(/^./, (c) => c.toUpperCase())}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Open threads per teammate at most" error={errors.cap} hint="Blank: no cap.">
          {(props) => (
            <Input
              {...props}
              inputMode="numeric"
              value={values.cap}
              onChange={(e) => form.setValue('cap', e.target.value)}
            />
          )}
        </Field>
      </div>
      <fieldset
        className="flex flex-col gap-1"
        aria-invalid={Boolean(errors.members)}
        aria-describedby={errors.members ? `${channelId}-members-error` : undefined}
      >
        <legend className="mb-1 text-[13px] font-medium text-muted">Hand out to</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {team.map((t) => (
            <label key={t.username} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={values.members.includes(t.username)}
                onChange={(e) => toggleMember(t.username, e.target.checked)}
              />
              {t.name}
            </label>
          ))}
        </div>
        {errors.members ? (
          <p id={`${channelId}-members-error`} className="text-xs text-danger">
            {errors.members}
          </p>
        ) : null}
      </fieldset>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field
          label="No reply within (minutes)"
          error={errors.noReplyMinutes}
          hint="Blank: a thread stays with whom it was given to."
        >
          {(props) => (
            <Input
              {...props}
              inputMode="numeric"
              value={values.noReplyMinutes}
              onChange={(e) => form.setValue('noReplyMinutes', e.target.value)}
            />
          )}
        </Field>
        <Field label="Then the thread goes" error={errors.noReplyTo}>
          {(props) => (
            <Select
              {...props}
              value={values.noReplyTo}
              onChange={(e) => form.setValue('noReplyTo', e.target.value)}
            >
              <option value="">Back to the queue (to the next teammate)</option>
              {team.map((t) => (
                <option key={t.username} value={t.username}>
                  To {t.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <FormAlert message={form.formError} />
      <FormActions submitLabel="Save rule" pending={form.pending} size="sm" />
    </form>
  );
}
