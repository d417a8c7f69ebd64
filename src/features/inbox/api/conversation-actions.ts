import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Conversation, PageEnvelope } from '@/contract';
import { callApi } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { errorText } from '@/components/ui/states';
import { rememberAiAgent, rememberedAiAgent } from '../ai-state';
import { conversationKeys, updateConversationInCaches } from './conversations';

const detailKey = conversationKeys.detail;
const listKey = conversationKeys.lists();

type Snapshot = ReadonlyArray<readonly [readonly unknown[], unknown]>;

const isPage = (value: unknown): value is PageEnvelope<Conversation> =>
  typeof value === 'object' && value !== null && Array.isArray((value as { data?: unknown }).data);

/** Puts a changed conversation into the detail cache and every list page that holds it. */
function writeConversation(queryClient: QueryClient, id: string, patch: (c: Conversation) => Conversation) {
  queryClient.setQueryData<Conversation>(detailKey(id), (old: Conversation | undefined) =>
    old ? patch(old) : old,
  );
  queryClient.setQueriesData<unknown>({ queryKey: listKey }, (old: unknown) => {
    // Lists may be plain pages or infinite queries ({pages: [...]}): patch whichever it is.
    if (isPage(old)) return { ...old, data: old.data.map((c) => (c.id === id ? patch(c) : c)) };
    if (typeof old === 'object' && old !== null && Array.isArray((old as { pages?: unknown }).pages)) {
      const infinite = old as { pages: unknown[] };
      return {
        ...infinite,
        pages: infinite.pages.map((page) =>
          isPage(page) ? { ...page, data: page.data.map((c) => (c.id === id ? patch(c) : c)) } : page,
        ),
      };
    }
    return old;
  });
}

async function snapshotAndPatch(
  queryClient: QueryClient,
  id: string,
  patch: (c: Conversation) => Conversation,
): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: conversationKeys.all });
  const snapshot: Snapshot = queryClient.getQueriesData({ queryKey: conversationKeys.all });
  writeConversation(queryClient, id, patch);
  return snapshot;
}

function restore(queryClient: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

function settle(queryClient: QueryClient, saved: Conversation | undefined) {
  // The server's answer wins over the optimistic guess, then lists refetch (a thread may leave a filter).
  if (saved) updateConversationInCaches(queryClient, saved);
  void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
}

type ActionContext = { snapshot: Snapshot; previousAgent?: string | null };

/** Assigns the thread to a teammate (or nobody), optimistically; rolls back with a message. */
export function useAssignOwner(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation<Conversation, Error, { userId: string | null; label?: string }, ActionContext>({
    mutationFn: ({ userId }) =>
      callApi('conversations.assignOwner', { params: { id: conversationId }, body: { userId } }),
    onMutate: async ({ userId }) => ({
      snapshot: await snapshotAndPatch(queryClient, conversationId, (c) => ({
        ...c,
        assigned_to_user_id: userId,
      })),
    }),
    onError: (error, _vars, context) => {
      restore(queryClient, context?.snapshot);
      notify.error('The owner could not be changed', { description: errorText(error) });
    },
    onSettled: (saved) => settle(queryClient, saved),
  });
}

/** Hands the thread to an AI agent, or takes it back (`agentId: null`). */
export function useAssignAgent(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation<Conversation, Error, { agentId: string | null }, ActionContext>({
    mutationFn: ({ agentId }) =>
      callApi('conversations.assignAgent', { params: { id: conversationId }, body: { agentId } }),
    onMutate: async ({ agentId }) => {
      const snapshot = await snapshotAndPatch(queryClient, conversationId, (c) =>
        'ai_agent_id' in c ? { ...c, ai_agent_id: agentId } : c,
      );
      // Records without the field show the local memory: set it now, put it back on failure.
      const previousAgent = rememberedAiAgent(conversationId);
      rememberAiAgent(conversationId, agentId);
      return { snapshot, previousAgent };
    },
    onError: (error, { agentId }, context) => {
      restore(queryClient, context?.snapshot);
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
    mutationFn: () =>
      callApi(action === 'close' ? 'conversations.close' : 'conversations.reopen', {
        params: { id: conversationId },
      }),
    onMutate: async () => ({
      snapshot: await snapshotAndPatch(queryClient, conversationId, (c) => ({
        ...c,
        status: action === 'close' ? 'closed' : 'open',
      })),
    }),
    onError: (error, _vars, context) => {
      restore(queryClient, context?.snapshot);
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
