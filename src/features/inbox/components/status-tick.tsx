import { AlertCircle, Check, CheckCheck, Clock } from 'lucide-react';
import type { MessageStatus } from '@/contract';
import { tickFor, type TickIcon } from '../ticks';

const ICONS: Record<TickIcon, typeof Check> = {
  clock: Clock,
  check: Check,
  'check-check': CheckCheck,
  alert: AlertCircle,
};
const TONES = { muted: 'text-muted', read: 'text-read', danger: 'text-danger' } as const;

/** A delivery tick with its name for screen readers ("Delivered"). */
export function StatusTick({ status }: { status: MessageStatus }) {
  const tick = tickFor(status);
  const Icon = ICONS[tick.icon];
  return (
    <span role="img" aria-label={tick.label} title={tick.label} className={`inline-flex ${TONES[tick.tone]}`}>
      <Icon size={14} aria-hidden />
    </span>
  );
}
