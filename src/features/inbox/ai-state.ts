import { useSyncExternalStore } from 'react';
import type { Conversation } from '@/contract';
import { USER_STORAGE_EVENT, readUserValue, writeUserValue } from '@/lib/user-storage';

/*
 * Which AI agent answers a thread. The spec's conversation record has no agent field, so:
 * 1. when the record carries `ai_agent_id` (the fake does; a real server may), it wins;
 * 2. otherwise the last assignment made in this browser by this user, kept per conversation in
 *    the user's storage (src/lib/user-storage.ts).
 * See docs/ai-agent-state.md.
 */
const PREFIX = 'inbox.ai-agent:';

export function rememberAiAgent(conversationId: string, agentId: string | null): void {
  writeUserValue(PREFIX + conversationId, agentId);
}

export const rememberedAiAgent = (conversationId: string): string | null =>
  readUserValue(PREFIX + conversationId);

function subscribe(onChange: () => void): () => void {
  // This tab's writes, and the browser's notice of another tab's.
  window.addEventListener(USER_STORAGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(USER_STORAGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The id of the AI agent answering this conversation, or null when a person handles it. */
export function aiAgentIdOf(conversation: Conversation): string | null | undefined {
  return 'ai_agent_id' in conversation ? (conversation.ai_agent_id ?? null) : undefined;
}

export function useAiAgentId(conversation: Conversation): string | null {
  const fromRecord = aiAgentIdOf(conversation);
  // Storage is read only when the record does not say: a list of rows reading it on every render
  // spent a tenth of its first paint there.
  const remembered = useSyncExternalStore(
    subscribe,
    () => (fromRecord === undefined ? rememberedAiAgent(conversation.id) : null),
    () => null,
  );
  return fromRecord === undefined ? remembered : fromRecord;
}
