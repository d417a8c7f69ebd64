import type { PointerEvent } from 'react';
import { clockTime, exactTime, relativeTime } from '@/lib/format';

// Times in lists show short ("5 min ago", "14:05") with the exact date and time as the hover title.
// The title is worded only when pointed at: the first date formatter with a date and time style
// costs about 15 ms on a phone, which a list would otherwise pay before it could paint, and a
// thread of messages would pay for every message.

/** For a <time> element: its exact time as the title, worded from its dateTime when pointed at. */
export function exactTitleOnHover(event: PointerEvent<HTMLTimeElement>) {
  const node = event.currentTarget;
  if (node.dateTime) node.title = exactTime(node.dateTime);
}

interface TimeProps {
  iso: string | null | undefined;
  className?: string;
}

/** "5 min ago". `now` is the clock a list shares (use-now), so rows tick together. */
export function TimeAgo({ iso, now, className }: TimeProps & { now?: number }) {
  return (
    <time dateTime={iso ?? undefined} className={className} onPointerEnter={exactTitleOnHover}>
      {relativeTime(iso, now)}
    </time>
  );
}

/** "14:05", for messages and notes within a thread. */
export function ClockTime({ iso, className }: TimeProps) {
  return (
    <time dateTime={iso ?? undefined} className={className} onPointerEnter={exactTitleOnHover}>
      {iso ? clockTime(iso) : ''}
    </time>
  );
}
