import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Message, SendMedia, SendTemplate } from '@/contract';
import { call } from '@/lib/api-client';
import { callUntilKnown } from '@/lib/idempotent-call';
import { conversationKeys, invalidateConversationLists } from '@/data/conversations';
import { upsertMessages } from '@/data/messages';
import { addAuthors } from '@/data/authors';
import { meQuery } from '@/data/session';

export type Outgoing =
  | { kind: 'text'; text: string; quotedMessageId?: string | undefined }
  | { kind: 'media'; media: SendMedia }
  | { kind: 'template'; template: SendTemplate };

/** A send and the Idempotency-Key that names it (made on Send, reused by every repeat and Retry). */
export interface KeyedSend {
  readonly outgoing: Outgoing;
  readonly key: string;
}

/** Sends into an existing thread: text (with an optional quote), media by link, or a template. */
export function sendToConversation(
  conversationId: string,
  outgoing: Outgoing,
  idempotencyKey: string,
): Promise<Message> {
  switch (outgoing.kind) {
    case 'text':
      return call('messages.sendText', {
        params: { id: conversationId },
        body: {
          text: outgoing.text,
          ...(outgoing.quotedMessageId ? { quotedMessageId: outgoing.quotedMessageId } : {}),
        },
        idempotencyKey,
      });
    case 'media':
      return call('conversations.send', {
        body: { conversationId, media: outgoing.media },
        idempotencyKey,
      });
    case 'template':
      return call('conversations.send', {
        body: { conversationId, template: outgoing.template },
        idempotencyKey,
      });
  }
}

/**
 * A send never goes out twice: it carries its key, and when the BFF cannot say yet whether it went
 * out, it asks again with the same key (`checking` is true meanwhile) until the sent message or a
 * real failure. It never touches the draft: the composer clears its draft only after success.
 */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const mutation = useMutation({
    mutationKey: ['conversations', 'send', conversationId],
    mutationFn: ({ outgoing, key }: KeyedSend) =>
      callUntilKnown(() => sendToConversation(conversationId, outgoing, key), setChecking),
    onSuccess: (message) => {
      upsertMessages(queryClient, conversationId, [message]);
      // Mine at once; the stream's messages.authored says the same to every teammate.
      const me = queryClient.getQueryData(meQuery().queryKey);
      if (me)
        addAuthors(queryClient, conversationId, {
          [message.id]: { kind: 'person', name: me.name, username: me.id },
        });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) });
      void invalidateConversationLists(queryClient);
    },
  });
  return { ...mutation, checking };
}

/** Starts a thread with a template (a new contact is outside the window). */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['conversations', 'start'],
    mutationFn: (input: {
      channelId: string;
      to: string;
      contactName?: string;
      template: SendTemplate;
      key: string;
    }) =>
      callUntilKnown(() =>
        call('conversations.send', {
          body: {
            channelId: input.channelId,
            to: input.to,
            ...(input.contactName ? { contactName: input.contactName } : {}),
            template: input.template,
          },
          idempotencyKey: input.key,
        }),
      ),
    onSuccess: () => void invalidateConversationLists(queryClient),
  });
}
