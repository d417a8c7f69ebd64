import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AtSign } from 'lucide-react';
import { EmptyState } from '@/components/ui/states';
import { UserText } from '@/components/ui/user-text';
import { channelsQuery } from '@/data/channels';
import { mentionsQuery, readMention } from '@/data/notes';
import { TimeAgo } from '@/components/ui/time-labels';
import { useScrollMemory } from '@/lib/use-scroll-memory';
import { ChannelLabel } from './channel-label';

/**
 * `/mentions`: notes where a teammate mentioned me, newest first, the unread ones marked. Opening
 * one opens its thread at the note and marks the mention read.
 */
export function MentionsPage() {
  const { data } = useSuspenseQuery(mentionsQuery());
  const queryClient = useQueryClient();
  const scrollRef = useScrollMemory<HTMLDivElement>('mentions');
  // Channels only name where a note is: the list never waits for them.
  const channels = useQuery(channelsQuery()).data?.channels;
  return (
    <div ref={scrollRef} className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="border-b border-border px-6 py-4">
        <h1 className="text-lg font-semibold">Mentions</h1>
        <p className="mt-1 text-[13px] text-muted">
          Private notes in which a teammate mentioned you.{' '}
          {data.unread > 0 ? `${String(data.unread)} not read yet.` : 'You have read them all.'}
        </p>
      </header>
      {data.mentions.length === 0 ? (
        <EmptyState title="No mentions yet" icon={<AtSign size={28} />}>
          When a teammate writes @ and your name in a note, it appears here.
        </EmptyState>
      ) : (
        <ul aria-label="Mentions" className="flex max-w-3xl flex-col gap-2 p-6">
          {data.mentions.map(({ note, readAt, thread }) => (
            <li key={note.id}>
              <Link
                to="/inbox/$conversationId"
                params={{ conversationId: note.conversationId }}
                search={{ note: note.id }}
                onClick={() => {
                  if (readAt === null) void readMention(queryClient, note.id).catch(() => undefined);
                }}
                className={`block rounded-lg border px-4 py-3 hover:bg-surface ${
                  readAt === null ? 'border-warning/50 bg-warning-soft' : 'border-border'
                }`}
              >
                <span className="flex items-center gap-2 text-xs text-muted">
                  {readAt === null ? (
                    <span className="rounded bg-warning px-1.5 font-semibold text-bg">New</span>
                  ) : null}
                  <span>
                    <UserText className="font-medium text-fg">{note.authorName}</UserText> mentioned you
                  </span>
                  <TimeAgo iso={note.createdAt} className="ml-auto" />
                </span>
                {thread ? (
                  <span className="mt-0.5 flex min-w-0 items-center gap-2 text-xs text-muted">
                    <span>
                      in <UserText className="font-medium text-fg">{thread.name}</UserText>
                    </span>
                    {thread.channelId ? (
                      <ChannelLabel channel={channels?.find((c) => c.id === thread.channelId)} />
                    ) : null}
                  </span>
                ) : null}
                <span
                  className={`mt-1 line-clamp-3 block whitespace-pre-wrap ${readAt === null ? 'font-medium' : ''}`}
                >
                  <UserText>{note.body}</UserText>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
