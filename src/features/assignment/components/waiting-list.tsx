import { Link } from '@tanstack/react-router';
import type { WaitingThread } from '@/contract';
import { TimeAgo } from '@/components/ui/time-labels';
import { UserText } from '@/components/ui/user-text';

/** A channel's threads waiting for an agent, oldest first, with why the last attempt did not assign them. */
export function WaitingList({
  waiting,
  channelName,
}: {
  waiting: readonly WaitingThread[];
  channelName: string;
}) {
  if (waiting.length === 0) return <p className="text-[13px] text-muted">No thread is waiting.</p>;
  return (
    <ol
      aria-label={`Waiting on ${channelName}, oldest first`}
      className="flex flex-col divide-y divide-border"
    >
      {waiting.map((w) => (
        <li key={w.conversationId} className="flex flex-wrap items-baseline gap-x-2 py-1.5 text-sm">
          <Link
            to="/inbox/$conversationId"
            params={{ conversationId: w.conversationId }}
            className="font-medium hover:underline"
          >
            <UserText>{w.name}</UserText>
          </Link>
          <span className="text-[13px] text-muted">
            began waiting <TimeAgo iso={w.enteredAt} />
          </span>
          {w.reason ? <span className="basis-full text-[13px] text-warning">{w.reason}</span> : null}
        </li>
      ))}
    </ol>
  );
}
