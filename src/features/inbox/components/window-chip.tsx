import { Clock } from 'lucide-react';
import { exactTime } from '@/lib/format';
import { windowClosingSoon, windowLabel, type WindowState } from '../window';

/** The 24-hour window's time left, or that it closed; nothing where no window applies. */
export function WindowChip({ state }: { state: WindowState }) {
  const label = windowLabel(state);
  if (!label) return null;
  const tone =
    state.kind === 'closed'
      ? 'bg-surface text-muted border-border'
      : windowClosingSoon(state)
        ? 'bg-warning-soft text-warning border-transparent'
        : 'bg-success-soft text-success border-transparent';
  const title =
    state.kind === 'open'
      ? `Reply window closes ${exactTime(new Date(state.closesAt).toISOString())}`
      : 'The 24-hour reply window is closed: only templates can be sent';
  return (
    <span
      title={title}
      className={`tabular inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded border px-1.5 py-0.5 text-[11px] font-medium ${tone}`}
    >
      <Clock size={11} aria-hidden />
      {label}
    </span>
  );
}
