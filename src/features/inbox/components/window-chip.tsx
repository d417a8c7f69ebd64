import { Clock } from 'lucide-react';
import type { PointerEvent } from 'react';
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
  const closed = 'The 24-hour reply window is closed: only templates can be sent';
  // An open window's closing time is worded when pointed at (see time-labels.tsx for why).
  const titleOnHover =
    state.kind === 'open'
      ? (event: PointerEvent<HTMLSpanElement>) => {
          event.currentTarget.title = `Reply window closes ${exactTime(new Date(state.closesAt).toISOString())}`;
        }
      : undefined;
  return (
    <span
      title={state.kind === 'open' ? undefined : closed}
      onPointerEnter={titleOnHover}
      className={`tabular inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded border px-1.5 py-0.5 text-[11px] font-medium ${tone}`}
    >
      <Clock size={11} aria-hidden />
      {label}
    </span>
  );
}
