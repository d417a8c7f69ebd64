import type { Channel } from '@/contract';
import { EMPTY_POLICY, type PolicyValues, type SlaFormValues } from '../sla-form-values';

const NUMBER =
  'h-8 w-24 rounded-md border border-border bg-bg px-2 text-sm tabular focus:border-accent focus:outline-none disabled:opacity-60';

const TARGETS: readonly { key: 'firstResponse' | 'nextResponse' | 'resolution'; label: string }[] = [
  { key: 'firstResponse', label: 'First response' },
  { key: 'nextResponse', label: 'Next response' },
  { key: 'resolution', label: 'Resolution' },
];

/** Per channel: targets in minutes (blank: none), counted in business hours or around the clock. */
export function PoliciesEditor({
  channels,
  policies,
  onChange,
  disabled,
  error,
}: {
  channels: readonly Channel[];
  policies: SlaFormValues['policies'];
  onChange: (policies: SlaFormValues['policies']) => void;
  disabled: boolean;
  error: string | undefined;
}) {
  const set = (id: string, patch: Partial<PolicyValues>) =>
    onChange({ ...policies, [id]: { ...(policies[id] ?? EMPTY_POLICY), ...patch } });
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'sla-policies-error' : undefined}>
      <legend className="mb-1 text-[13px] font-medium text-muted">Targets per channel (minutes)</legend>
      {channels.length === 0 ? <p className="text-sm text-subtle">No channels yet.</p> : null}
      <table className="text-sm">
        <thead>
          <tr className="text-left text-xs text-muted">
            <th className="py-1 pr-3 font-medium">Channel</th>
            {TARGETS.map((t) => (
              <th key={t.key} className="py-1 pr-3 font-medium">
                {t.label}
              </th>
            ))}
            <th className="py-1 font-medium">Business hours</th>
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => {
            const policy = policies[channel.id] ?? EMPTY_POLICY;
            return (
              <tr key={channel.id}>
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {channel.name}
                </th>
                {TARGETS.map((t) => (
                  <td key={t.key} className="py-1 pr-3">
                    <input
                      aria-label={`${channel.name}: ${t.label.toLowerCase()} target in minutes`}
                      className={NUMBER}
                      inputMode="numeric"
                      placeholder="None"
                      value={policy[t.key]}
                      disabled={disabled}
                      onChange={(e) => set(channel.id, { [t.key]: e.target.value })}
                    />
                  </td>
                ))}
                <td className="py-1">
                  <input
                    type="checkbox"
                    aria-label={`${channel.name}: count in business hours`}
                    checked={policy.businessHours}
                    disabled={disabled}
                    onChange={(e) => set(channel.id, { businessHours: e.target.checked })}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="text-xs text-subtle">
        Unticked, a target counts around the clock. A chip turns amber when less than a quarter of its target
        is left.
      </p>
      {error ? (
        <p id="sla-policies-error" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
