import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { SlaSettingsBody, roleCan, type SlaSettings as Settings } from '@/contract';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { Field, Select } from '@/components/ui/field';
import { channelsQuery } from '@/data/channels';
import { meQuery } from '@/data/session';
import { slaSettingsQuery } from '@/data/sla';
import { notify } from '@/lib/notify';
import { useSaveSla } from '../api/use-save-sla';
import { bodyOf, fieldOfPath, placeOfPath, valuesOf, type SlaFormValues } from '../sla-form-values';
import { HolidaysEditor } from './holidays-editor';
import { PoliciesEditor } from './policies-editor';
import { WeekEditor } from './week-editor';

// Settings → Business hours & SLA: the workspace's time zone, shifts per weekday and holidays, and
// per channel the targets for first response, next response and resolution. Everyone reads it;
// admins save it whole. Checked by the contract's schema before sending; the server's refusals
// land on their section, saying which day, shift, holiday or channel.

const zones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
};

export function SlaSettingsPage() {
  const { data: settings } = useSuspenseQuery(slaSettingsQuery());
  // The form starts from the saved settings; after a save it starts again from the answer.
  return <SlaForm key={settings.updatedAt ?? 'defaults'} settings={settings} />;
}

function SlaForm({ settings }: { settings: Settings }) {
  const { data: me } = useSuspenseQuery(meQuery());
  const channels = useQuery(channelsQuery()).data?.channels ?? [];
  const save = useSaveSla();
  const admin = roleCan(me.role, 'sla.set');
  const channelName = (id: string) => channels.find((c) => c.id === id)?.name ?? 'A channel';
  // The path of the refusal being placed (fieldOf is called just before reword for each line).
  const placing = useRef('');
  const form = useApiForm<SlaFormValues, SlaSettingsBody, Settings>({
    initial: () => valuesOf(settings),
    toBody: bodyOf,
    schema: SlaSettingsBody,
    submit: save.mutateAsync,
    fieldOf: (path) => {
      placing.current = path;
      return fieldOfPath(path);
    },
    reword: (_field, message) => {
      const place = placeOfPath(placing.current, form.values, channelName);
      return place ? `${place}: ${message.charAt(0).toLowerCase()}${message.slice(1)}` : message;
    },
    onSuccess: () => notify.success('Business hours and SLA targets saved'),
  });
  const { values, errors } = form;
  const list = zones();
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">
      <form
        onSubmit={form.onSubmit}
        noValidate
        aria-label="Business hours and SLA"
        className="flex max-w-3xl flex-col gap-6"
      >
        <div>
          <h1 className="text-lg font-semibold">Business hours &amp; SLA</h1>
          <p className="text-sm text-muted">
            Targets count from a customer&apos;s message: first response until the first reply, next response
            until the next reply, resolution until the thread is closed.
            {admin ? null : ' Only admins can change them.'}
          </p>
        </div>
        <Field label="Time zone" error={errors.timeZone}>
          {(props) => (
            <Select
              {...props}
              className="max-w-xs"
              value={values.timeZone}
              disabled={!admin}
              onChange={(e) => form.setValue('timeZone', e.target.value)}
            >
              {list.includes(values.timeZone) ? null : (
                <option value={values.timeZone}>{values.timeZone}</option>
              )}
              {list.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <WeekEditor
          week={values.week}
          onChange={(week) => form.setValue('week', week)}
          disabled={!admin}
          error={errors.week}
        />
        <HolidaysEditor
          holidays={values.holidays}
          onChange={(holidays) => form.setValue('holidays', holidays)}
          disabled={!admin}
          error={errors.holidays}
        />
        <PoliciesEditor
          channels={channels}
          policies={values.policies}
          onChange={(policies) => form.setValue('policies', policies)}
          disabled={!admin}
          error={errors.policies}
        />
        <FormAlert message={form.formError} />
        {admin ? <FormActions submitLabel="Save" pending={form.pending} /> : null}
      </form>
    </div>
  );
}
