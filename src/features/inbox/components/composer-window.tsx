import { AlertTriangle } from 'lucide-react';
import { clockTime } from '@/lib/format';
import { windowClosingSoon, type WindowState } from '../window';
import { WindowChip } from './window-chip';

/**
 * The reply window's time left where the reply is written (the same state as the rows and header).
 * Under an hour, a warning says when free text stops; screen readers hear it once, when it appears,
 * not at every tick of the countdown.
 */
export function ComposerWindow({ state }: { state: WindowState }) {
  if (state.kind !== 'open') return null;
  const soon = windowClosingSoon(state);
  const closesAt = clockTime(new Date(state.closesAt).toISOString());
  return (
    <div
      data-composer-window
      className={`flex flex-wrap items-center gap-2 text-xs ${soon ? 'rounded-md bg-warning-soft px-2 py-1 text-warning' : 'text-muted'}`}
    >
      {soon ? <AlertTriangle size={14} aria-hidden className="shrink-0" /> : null}
      <span>{soon ? 'Reply window closing:' : 'Reply window:'}</span>
      <WindowChip state={state} />
      {soon ? <span>After {closesAt} only a template can be sent.</span> : null}
      <span role="status" className="sr-only">
        {soon
          ? `Less than an hour left in the reply window. It closes at ${closesAt}; after that only a template can be sent.`
          : ''}
      </span>
    </div>
  );
}
