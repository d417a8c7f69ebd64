import { useQuery } from '@tanstack/react-query';
import { Timer } from 'lucide-react';
import {
  DEFAULT_BUSINESS_HOURS,
  SLA_KIND_LABELS,
  durationText,
  slaStateOf,
  slaTimeLeft,
  type SlaState,
  type ThreadSla,
} from '@/contract';
import { slaSettingsQuery } from '@/data/sla';

// A thread's running SLA target (issue 39.3) on its row and in its header: the time left, counted
// in the workspace's business hours when the policy says so, amber once less than a quarter of the
// target is left (AT_RISK_SHARE: the BFF's `at-risk` instant), red and "Overdue" once due. The words
// say the state, so colour is never the only sign; `now` comes from one shared tick.

const TONES: Readonly<Record<SlaState, string>> = {
  'on-track': 'bg-surface text-muted border-border',
  'at-risk': 'bg-warning-soft text-warning border-transparent',
  breached: 'bg-danger-soft text-danger border-transparent',
};

/** What the chip says: "1h 20m left" or "Overdue 5m", with the state in words for screen readers. */
export function slaChipText(sla: ThreadSla, now: number, left: number): { text: string; state: SlaState } {
  const state = slaStateOf(sla, now);
  return {
    state,
    text: state === 'breached' ? `Overdue ${durationText(left)}` : `${durationText(left)} left`,
  };
}

export function SlaChip({ sla, now }: { sla: ThreadSla | null | undefined; now: number }) {
  // A thread with no running target asks nothing (the settings are read only once a chip shows).
  return sla ? <RunningSlaChip sla={sla} now={now} /> : null;
}

function RunningSlaChip({ sla, now }: { sla: ThreadSla; now: number }) {
  // The calendar is read once for the whole app; until it arrives (or without it) the defaults count.
  const settings = useQuery(slaSettingsQuery());
  const hours = settings.data?.hours ?? DEFAULT_BUSINESS_HOURS;
  const { text, state } = slaChipText(sla, now, slaTimeLeft(sla, now, hours));
  const kind = SLA_KIND_LABELS[sla.kind];
  const counted = sla.businessHours ? 'in business hours' : 'around the clock';
  return (
    <span
      data-sla-state={state}
      title={`${kind} target: ${String(sla.targetMinutes)} min ${counted}; due ${new Date(sla.dueAt).toLocaleString()}`}
      className={`tabular inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded border px-1.5 py-0.5 text-[11px] font-medium ${TONES[state]}`}
    >
      <Timer size={11} aria-hidden />
      <span className="sr-only">
        {kind} {state === 'on-track' ? 'on track' : state === 'at-risk' ? 'at risk' : 'breached'}:{' '}
      </span>
      {text}
    </span>
  );
}
