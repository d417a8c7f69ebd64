import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Conversation } from '@/contract';
import { restoreSnapshot, takeSnapshot, type CacheSnapshot } from '@/data/cache-snapshot';
import {
  conversationKeys,
  heldConversation,
  invalidateConversationLists,
  upsertConversation,
} from '@/data/conversations';
import { call } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { errorText } from '@/components/ui/states';
import { rememberAiAgent, rememberedAiAgent } from '../ai-state';

/** Shows a change to the thread at once, everywhere it is held; returns what to roll back to. */
async function showNow(
  queryClient: QueryClient,
  id: string,
  patch: (c: Conversation) => Conversation,
): Promise<CacheSnapshot> {
  const snapshot = await takeSnapshot(queryClient, conversationKeys.all);
  const held = heldConversation(queryClient, id);
  if (held) upsertConversation(queryClient, patch(held));
  return snapshot;
}

function settle(queryClient: QueryClient, saved: Conversation | undefined) {
  // The server's answer wins over the optimistic guess, then lists refetch (a thread may leave a filter).
  if (saved) upsertConversation(queryClient, saved);
  void invalidateConversationLists(queryClient);
}

type ActionContext = { snapshot: CacheSnapshot; previousAgent?: string | null };

/** Assigns the thread to a teammate (or nobody), optimistically; rolls back with a message. */
export function useAssignOwner(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation<Conversation, Error, { userId: string | null; label?: string }, ActionContext>({
    mutationKey: conversationKeys.change(conversationId),
    mutationFn: ({ userId }) =>
      call('conversations.assignOwner', { params: { id: conversationId }, body: { userId } }),
    onMutate: async ({ userId }) => ({
      snapshot: await showNow(queryClient, conversationId, (c) => ({ ...c, assigned_to_user_id: userId })),
    }),
    onError: (error, _vars, context) => {
      restoreSnapshot(queryClient, context?.snapshot);
      notify.error('The owner could not be changed', { description: errorText(error) });
    },
    onSettled: (saved) => settle(queryClient, saved),
  });
}

/** Hands the thread to an AI agent, or takes it back (`agentId: null`). */
export function useAssignAgent(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation<Conversation, Error, { agentId: string | null }, ActionContext>({
    mutationKey: conversationKeys.change(conversationId),
    mutationFn: ({ agentId }) =>
      call('conversations.assignAgent', { params: { id: conversationId }, body: { agentId } }),
    onMutate: async ({ agentId }) => {
      const snapshot = await showNow(queryClient, conversationId, (c) =>
        'ai_agent_id' in c ? { ...c, ai_agent_id: agentId } : c,
      );
      // Records without the field show the local memory: set it now, put it back on failure.
      const previousAgent = rememberedAiAgent(conversationId);
      rememberAiAgent(conversationId, agentId);
      return { snapshot, previousAgent };
    },
    onError: (error, { agentId }, context) => {
      restoreSnapshot(queryClient, context?.snapshot);
      if (context) rememberAiAgent(conversationId, context.previousAgent ?? null);
      notify.error(
        agentId ? 'The AI agent could not take this thread' : 'The thread could not be taken over',
        {
          description: errorText(error),
        },
      );
    },
    onSettled: (saved) => settle(queryClient, saved),
  });
}

function useStatusChange(conversationId: string, action: 'close' | 'reopen') {
  const queryClient = useQueryClient();
  return useMutation<Conversation, Error, void, ActionContext>({
    mutationKey: conversationKeys.change(conversationId),
    mutationFn: () =>
      call(action === 'close' ? 'conversations.close' : 'conversations.reopen', {
        params: { id: conversationId },
      }),
    onMutate: async () => ({
      snapshot: await showNow(queryClient, conversationId, (c) => ({
        ...c,
        status: action === 'close' ? 'closed' : 'open',
      })),
    }),
    onError: (error, _vars, context) => {
      restoreSnapshot(queryClient, context?.snapshot);
      notify.error(
        action === 'close' ? 'The thread could not be closed' : 'The thread could not be reopened',
        {
          description: errorText(error),
        },
      );
    },
    onSettled: (saved) => settle(queryClient, saved),
  });
}

export const useCloseConversation = (conversationId: string) => useStatusChange(conversationId, 'close');
export const useReopenConversation = (conversationId: string) => useStatusChange(conversationId, 'reopen');
