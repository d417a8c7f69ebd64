import type { PointerEvent } from 'react';
import { exactTime, relativeTime } from '@/lib/format';

/** Shows the exact time as the hover title, worded when first pointed at. */
function titleOnHover(event: PointerEvent<HTMLTimeElement>) {
  const node = event.currentTarget;
  node.title = exactTime(node.dateTime);
}

/**
 * "5 min ago", with the exact date and time on hover. The exact wording is made only when pointed
 * at: the first date formatter with a date and time style costs about 15 ms on a phone, which a
 * list of rows would otherwise pay before it could paint.
 */
export function TimeAgo({
  iso,
  now,
  className,
}: {
  iso: string | null | undefined;
  /** The clock a list shares (use-now), so rows tick together; the current time when absent. */
  now?: number;
  className?: string;
}) {
  return (
    <time dateTime={iso ?? undefined} className={className} onPointerEnter={iso ? titleOnHover : undefined}>
      {relativeTime(iso, now)}
    </time>
  );
}
