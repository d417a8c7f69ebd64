import type { MessageStatus } from '@/contract';

export type TickIcon = 'clock' | 'check' | 'check-check' | 'alert';

export interface Tick {
  icon: TickIcon;
  /** The accessible name of the tick. */
  label: string;
  tone: 'muted' | 'read' | 'danger';
}

const TICKS: Record<MessageStatus, Tick> = {
  pending: { icon: 'clock', label: 'Pending', tone: 'muted' },
  sent: { icon: 'check', label: 'Sent', tone: 'muted' },
  delivered: { icon: 'check-check', label: 'Delivered', tone: 'muted' },
  read: { icon: 'check-check', label: 'Read', tone: 'read' },
  failed: { icon: 'alert', label: 'Failed', tone: 'danger' },
};

/** How a message's delivery status is drawn and named. */
export function tickFor(status: MessageStatus): Tick {
  return TICKS[status];
}
