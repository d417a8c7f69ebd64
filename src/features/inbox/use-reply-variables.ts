import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Conversation } from '@/contract';
import { channelsQuery } from '@/data/channels';
import { contactQuery } from '@/data/contacts';
import { meQuery } from '@/data/session';
import { variableValues, type VariableValues } from './quick-reply-variables';

/** What a quick reply's variables are filled with in this thread (all read from caches the screen holds). */
export function useReplyVariables(conversation: Conversation): VariableValues {
  const contactId = conversation.contact_id ?? null;
  const contact = useQuery({ ...contactQuery(contactId ?? ''), enabled: contactId !== null });
  const me = useQuery(meQuery());
  const channels = useQuery(channelsQuery());
  const channel = channels.data?.channels.find((c) => c.id === conversation.channel_id);
  return useMemo(
    () => variableValues({ contact: contact.data, agentName: me.data?.name, channelName: channel?.name }),
    [contact.data, me.data?.name, channel?.name],
  );
}
