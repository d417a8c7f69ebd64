import { Link } from '@tanstack/react-router';
import type { Conversation } from '@/contract';
import { Badge } from './ui/badge';
import { UserText } from './ui/user-text';
import { TimeAgo } from '@/components/ui/time-labels';
import { phone } from '@/lib/phone';

/**
 * The threads around a customer or a contact, newest first, each opening in the inbox; `total` says
 * how many there are beyond those shown. `title` names a thread the way the page knows its people.
 */
export function RecordThreads({
  threads,
  total,
  empty,
  title = (t) => t.group_subject || phone(t.external_thread_id),
}: {
  threads: readonly Conversation[];
  total: number;
  empty: string;
  title?: (thread: Conversation) => string;
}) {
  if (threads.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <ul className="flex flex-col gap-1">
      {threads.map((t) => (
        <li key={t.id} className="flex items-center justify-between gap-2">
          <Link
            to="/inbox/$conversationId"
            params={{ conversationId: t.id }}
            search={{ status: t.status }}
            className="inline-flex min-h-8 min-w-0 items-center truncate hover:text-accent hover:underline"
          >
            <UserText>{title(t)}</UserText>
          </Link>
          <span className="flex shrink-0 items-center gap-2 text-muted">
            {t.status === 'open' ? <Badge tone="accent">Open</Badge> : <Badge>Closed</Badge>}
            <TimeAgo iso={t.last_message_at} />
          </span>
        </li>
      ))}
      {total > threads.length ? (
        <li className="text-xs text-subtle">and {total - threads.length} more</li>
      ) : null}
    </ul>
  );
}
