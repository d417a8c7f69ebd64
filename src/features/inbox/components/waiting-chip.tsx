import { useQuery } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import type { Conversation } from '@/contract';
import { assignmentQuery } from '@/data/assignment';
import { TimeAgo } from '@/components/ui/time-labels';

// An unowned open thread its channel's assignment rule has not handed out yet (src/server/assignment):
// "Waiting for an agent" since when, and why the last try did not assign it (everyone at the cap,
// nobody Available, the upstream's refusal), so whoever looks knows it is queued, not forgotten.
// One read shared with Settings → Assignment, re-read on the live `assignment.changed`.

export function WaitingChip({ thread }: { thread: Conversation }) {
  const unowned = thread.status === 'open' && !thread.assigned_to_user_id;
  const overview = useQuery({ ...assignmentQuery(), enabled: unowned });
  if (!unowned || !overview.data) return null;
  const waiting = overview.data.channels
    .flatMap((channel) => channel.waiting)
    .find((w) => w.conversationId === thread.id);
  if (!waiting) return null;
  return (
    <span className="inline-flex min-w-0 items-center gap-1 text-warning" data-waiting>
      <Hourglass size={12} aria-hidden />
      <span className="truncate">
        Waiting for an agent, queued <TimeAgo iso={waiting.enteredAt} />
        {waiting.reason ? <span className="text-muted">: {waiting.reason}</span> : null}
      </span>
    </span>
  );
}
