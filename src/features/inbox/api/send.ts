import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, SendMedia, SendTemplate } from '@/contract';
import { callApi } from '@/lib/api-client';
import { conversationKeys, invalidateConversationLists } from '@/data/conversations';
import { upsertMessages } from '@/data/messages';

export type Outgoing =
  | { kind: 'text'; text: string; quotedMessageId?: string | undefined }
  | { kind: 'media'; media: SendMedia }
  | { kind: 'template'; template: SendTemplate };

/** Sends into an existing thread: text (with an optional quote), media by link, or a template. */
export function sendToConversation(conversationId: string, outgoing: Outgoing): Promise<Message> {
  switch (outgoing.kind) {
    case 'text':
      return callApi('messages.sendText', {
        params: { id: conversationId },
        body: {
          text: outgoing.text,
          ...(outgoing.quotedMessageId ? { quotedMessageId: outgoing.quotedMessageId } : {}),
        },
      });
    case 'media':
      return callApi('conversations.send', { body: { conversationId, media: outgoing.media } });
    case 'template':
      return callApi('conversations.send', { body: { conversationId, template: outgoing.template } });
  }
}

/**
 * A send never retries by itself (a message must not go out twice) and never touches the draft:
 * the composer clears its draft only after success.
 */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['conversations', 'send', conversationId],
    mutationFn: (outgoing: Outgoing) => sendToConversation(conversationId, outgoing),
    onSuccess: (message) => upsertMessages(queryClient, conversationId, [message]),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) });
      void invalidateConversationLists(queryClient);
    },
  });
}

/** Starts a thread with a template (a new contact is outside the window). */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['conversations', 'start'],
    mutationFn: (input: { channelId: string; to: string; contactName?: string; template: SendTemplate }) =>
      callApi('conversations.send', {
        body: {
          channelId: input.channelId,
          to: input.to,
          ...(input.contactName ? { contactName: input.contactName } : {}),
          template: input.template,
        },
      }),
    onSuccess: () => void invalidateConversationLists(queryClient),
  });
}
