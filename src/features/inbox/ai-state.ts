import { useSyncExternalStore } from 'react';
import type { Conversation } from '@/contract';

/*
 * Which AI agent answers a thread. The spec's conversation record has no agent field, so:
 * 1. when the record carries `ai_agent_id` (the fake does; a real server may), it wins;
 * 2. otherwise the last assignment made in this browser, kept in localStorage per conversation.
 * See docs/ai-agent-state.md.
 */
const PREFIX = 'inbox.ai-agent.';
const CHANGE_EVENT = 'inbox:ai-agent-change';

const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings): then we only know what the record says.
    return null;
  }
};

export function rememberAiAgent(conversationId: string, agentId: string | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (agentId) store.setItem(PREFIX + conversationId, agentId);
    else store.removeItem(PREFIX + conversationId);
  } catch {
    // A full or blocked storage only loses the local hint.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function rememberedAiAgent(conversationId: string): string | null {
  try {
    return storage()?.getItem(PREFIX + conversationId) ?? null;
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The id of the AI agent answering this conversation, or null when a person handles it. */
export function aiAgentIdOf(conversation: Conversation): string | null | undefined {
  return 'ai_agent_id' in conversation ? (conversation.ai_agent_id ?? null) : undefined;
}

export function useAiAgentId(conversation: Conversation): string | null {
  const remembered = useSyncExternalStore(
    subscribe,
    () => rememberedAiAgent(conversation.id),
    () => null,
  );
  const fromRecord = aiAgentIdOf(conversation);
  return fromRecord === undefined ? remembered : fromRecord;
}
