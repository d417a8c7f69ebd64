import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent, MessageAuthors } from '../../contract';
import type { ChangeSource } from '../sync/change-feed';
import { followWhileLeaseHeld } from '../sync/lease-follower';
import type { Outgoing } from '../sync/record-events';
import type { WorkspaceReader } from '../workspace/workspace-reader';

// An outbound message the BFF did not send, arriving while an AI agent answers its thread, is the
// agent's (issue 36.1): its bubble says "Aria via AI agent", not the workspace's name. Which agent
// answers comes from the conversation's `ai_agent_id` when the upstream gives one (the spec lists no
// such field; the fake does, docs/ai-agent-state.md); without it nothing is attributed. Only new
// messages count: a load or a back-fill of old ones is not judged by today's assignment. A
// teammate's send recorded later wins over the agent (message-authors.ts).

export interface AiAuthorsDeps {
  readonly changes: ChangeSource;
  readonly holds: () => boolean;
  readonly workspace: WorkspaceReader;
  /** The workspace's AI agents, for their names. */
  readonly agents: readonly { readonly id: string; readonly name: string }[];
  /** Writes the event to the tables and tells browsers if it changed anything (live-service.ts). */
  readonly publish: (out: readonly Outgoing[]) => Promise<void>;
  readonly log: FastifyBaseLogger;
  readonly clock: () => number;
}

/** A message older than this when the sync first tells of it was not sent under today's agent: a
 *  status tick on an old message re-tells it. */
const NEW_FOR_MS = 10 * 60_000;

/** The agent answering a conversation, from its record (a loose field), or null. */
const agentIdOf = (conversation: object): string | null => {
  const id = (conversation as { ai_agent_id?: unknown }).ai_agent_id;
  return typeof id === 'string' && id !== '' ? id : null;
};

/** Starts following; returns the stop. */
export function followAiAuthors(deps: AiAuthorsDeps): () => void {
  let chain: Promise<void> = Promise.resolve();
  const attribute = async (event: Extract<LiveEvent, { type: 'messages.upserted' }>) => {
    const conversation = await deps.workspace.conversation(event.conversationId);
    const agentId = conversation ? agentIdOf(conversation) : null;
    if (agentId === null) return;
    const name = deps.agents.find((a) => a.id === agentId)?.name ?? 'AI agent';
    const authors: MessageAuthors = {};
    const since = deps.clock() - NEW_FOR_MS;
    for (const m of event.messages)
      if (m.direction === 'outbound' && Date.parse(m.created_at) >= since)
        authors[m.id] = { kind: 'ai', name, userId: agentId };
    if (Object.keys(authors).length === 0) return;
    await deps.publish([
      { event: { type: 'messages.authored', conversationId: event.conversationId, authors } },
    ]);
  };
  return followWhileLeaseHeld(
    deps.changes,
    deps.holds,
    {
      onEvent: ({ event, audience }) => {
        // A load (audience: nobody) is what already was.
        if (event.type !== 'messages.upserted' || audience?.length === 0) return;
        if (!event.messages.some((m) => m.direction === 'outbound')) return;
        // In bus order, one at a time; a failure is logged and the next event goes on.
        chain = chain
          .then(() => attribute(event))
          .catch((err: unknown) =>
            deps.log.warn({ err }, 'authors: could not attribute a message to an AI agent'),
          );
      },
      onTakeOver: () => undefined,
    },
    { log: deps.log, label: 'authors' },
  );
}
