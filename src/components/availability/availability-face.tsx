import { ChevronDown } from 'lucide-react';
import { AVAILABILITY_LABELS, type AvailabilityStatus } from '@/contract';

// A status as a coloured dot and its word: Available green, Busy amber, Away grey. The colour is
// never the only sign: the word is beside it, or in the control's name.

const DOT: Readonly<Record<AvailabilityStatus, string>> = {
  available: 'bg-success',
  busy: 'bg-warning',
  away: 'bg-subtle',
};

export function AvailabilityDot({
  status,
  className = 'size-2',
}: {
  status: AvailabilityStatus;
  className?: string;
}) {
  return (
    <span
      aria-hidden
      data-status={status}
      className={`inline-block shrink-0 rounded-full ${DOT[status]} ${className}`}
    />
  );
}

/** The navigation's status button: the same whether its menu's code is there yet or not. */
export const STATUS_TRIGGER =
  'flex h-8 min-w-8 items-center justify-center gap-1.5 self-center rounded-md px-1.5 text-xs text-muted hover:bg-raised hover:text-fg md:self-stretch md:justify-start';

export const statusTriggerName = (status: AvailabilityStatus) =>
  `Your status: ${AVAILABILITY_LABELS[status]}. Change it`;

/** What the status button shows. */
export function StatusFace({ status }: { status: AvailabilityStatus }) {
  return (
    <>
      <AvailabilityDot status={status} className="size-2.5" />
      <span className="hidden md:inline">{AVAILABILITY_LABELS[status]}</span>
      <ChevronDown size={12} aria-hidden className="hidden md:block" />
    </>
  );
}
