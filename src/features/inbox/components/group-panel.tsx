import { useSuspenseQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useId } from 'react';
import type { Conversation, Group } from '@/contract';
import { QueryBoundary } from '@/components/query-boundary';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { UserText } from '@/components/ui/user-text';
import { groupQuery } from '@/data/groups';
import { isApiError } from '@/lib/api-error';
import { InviteLink } from './group-invite-link';
import { JoinRequests } from './group-join-requests';
import { Participants } from './group-participants';

/** Details of a group chat: subject, participants, join requests and the invite link. */
export function GroupPanel({ conversation }: { conversation: Conversation }) {
  const channelId = conversation.channel_id ?? null;
  if (!conversation.is_group) return null;
  if (channelId === null) {
    return (
      <EmptyState title="Group details are unavailable" icon={<Users size={28} />}>
        This group thread has no channel, so its details cannot be read.
      </EmptyState>
    );
  }
  return (
    <QueryBoundary
      title="The group could not be loaded"
      pending={<LoadingState label="Loading the group…" />}
      failure={(error, retry) =>
        isApiError(error) && error.kind === 'missing-scope' ? (
          <ErrorState title="Group management is not allowed" error={error} />
        ) : (
          <ErrorState title="The group could not be loaded" error={error} onRetry={retry} />
        )
      }
    >
      <GroupDetails channelId={channelId} groupId={conversation.external_thread_id} />
    </QueryBoundary>
  );
}

function GroupDetails({ channelId, groupId }: { channelId: string; groupId: string }) {
  const { data: group } = useSuspenseQuery(groupQuery(channelId, groupId));
  return <GroupSections group={group} channelId={channelId} groupId={groupId} />;
}

/** Headings get ids from useId: the panel can be on screen twice (side column and drawer). */
function GroupSections({
  group: g,
  channelId,
  groupId,
}: {
  group: Group;
  channelId: string;
  groupId: string;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-5 p-4 text-sm">
      <header className="flex flex-col gap-1">
        <h2 id={titleId} className="text-base font-semibold break-words">
          <UserText>{g.subject}</UserText>
        </h2>
        {g.description ? (
          <p className="whitespace-pre-wrap break-words text-muted">
            <UserText>{g.description}</UserText>
          </p>
        ) : null}
      </header>
      <JoinRequests group={g} channelId={channelId} groupId={groupId} />
      <InviteLink link={g.invite_link ?? null} channelId={channelId} groupId={groupId} />
      <Participants group={g} />
    </section>
  );
}
