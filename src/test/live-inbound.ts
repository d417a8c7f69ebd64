import type { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { Conversation, Message } from '@/contract';
import { applyLiveEvent } from '@/data/live-events';
import { fake } from './bff';

/**
 * A contact writes in a thread: the fake takes the message, and the page gets what the BFF's
 * stream would send for it, through the same code the stream's events go through.
 */
export function deliverInbound(queryClient: QueryClient, conversationId: string, text: string): void {
  const { conversation, message } = fake.control.inbound({ conversationId, text }) as {
    conversation: Conversation;
    message: Message;
  };
  act(() => {
    applyLiveEvent(queryClient, { type: 'conversation.upserted', conversation });
    applyLiveEvent(queryClient, { type: 'messages.upserted', conversationId, messages: [message] });
  });
}
