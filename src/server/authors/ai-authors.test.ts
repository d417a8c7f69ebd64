import pino from 'pino';
import { expect, it, vi } from 'vitest';
import type { Conversation, LiveEvent, Message } from '../../contract';
import { at, conversation as conversationN, message as messageN, uuid } from '../testing/live-records';
import { MemoryBus } from '../events/memory-bus';
import { ChangeFeed } from '../sync/change-feed';
import type { Outgoing } from '../sync/record-events';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { followAiAuthors } from './ai-authors';

// An outbound message the BFF did not send, arriving while an AI agent answers its thread, is the
// agent's; a load, an old message or a thread without an agent is nobody's.

/** An hour after the fixtures' epoch. */
const NOW = Date.parse(at(3_600));
let threads = 0;
let messages = 0;
const conversation = (over: Partial<Conversation> = {}) => conversationN(++threads, over);
/** A reply in a thread, `s` seconds after the fixtures' epoch. */
const message = (conversationId: string, s: number, over: Partial<Message> = {}): Message => ({
  ...messageN(0, s, { direction: 'outbound', from_me: true }),
  id: uuid(++messages, 'a1a1a1a1'),
  conversation_id: conversationId,
  ...over,
});
const agents = [{ id: 'ai-aria', name: 'Aria' }];

function setUp(held: Record<string, Conversation | Error>) {
  const bus = new MemoryBus();
  const published: LiveEvent[] = [];
  const warn = vi.fn();
  const log = pino({ level: 'silent' });
  log.warn = warn as unknown as typeof log.warn;
  const workspace = {
    conversation: async (id: string) => {
      const record = held[id];
      if (record instanceof Error) throw record;
      return record;
    },
  } as unknown as WorkspaceReader;
  const stop = followAiAuthors({
    changes: new ChangeFeed(bus, log).source('authors'),
    holds: () => true,
    workspace,
    agents,
    publish: async (out: readonly Outgoing[]) => void published.push(...out.map((o) => o.event)),
    log,
    clock: () => NOW,
  });
  return { bus, published, warn, stop };
}

it('names the agent answering the thread on its new outbound messages, and only those', async () => {
  const answered = conversation({ ai_agent_id: 'ai-aria' } as Partial<Conversation>);
  const { bus, published, stop } = setUp({ [answered.id]: answered });
  // Created 5 minutes before now: new. One inbound (the contact's) and one an hour older.
  const reply = message(answered.id, 3_300);
  const inbound = message(answered.id, 3_300, { direction: 'inbound', from_me: false });
  const old = message(answered.id, 0);
  await bus.publish([
    { event: { type: 'messages.upserted', conversationId: answered.id, messages: [inbound, reply, old] } },
  ]);
  await vi.waitFor(() => expect(published).toHaveLength(1));
  expect(published[0]).toEqual({
    type: 'messages.authored',
    conversationId: answered.id,
    authors: { [reply.id]: { kind: 'ai', name: 'Aria', userId: 'ai-aria' } },
  });
  stop();
});

it('leaves loads, threads without an agent and unreadable threads alone, and goes on after a failure', async () => {
  const plain = conversation();
  const broken = conversation();
  const answered = conversation({ ai_agent_id: 'ai-unknown' } as Partial<Conversation>);
  const { bus, published, warn, stop } = setUp({
    [plain.id]: plain,
    [broken.id]: new Error('database away'),
    [answered.id]: answered,
  });
  const upserted = (c: Conversation) => ({
    event: { type: 'messages.upserted' as const, conversationId: c.id, messages: [message(c.id, 3_500)] },
  });
  // A load tells nobody (audience: none): what already was is not judged by today's agent.
  await bus.publish([{ ...upserted(answered), audience: [] }, upserted(plain), upserted(broken)]);
  await bus.publish([upserted(answered)]);
  await vi.waitFor(() => expect(published).toHaveLength(1));
  // An agent the team does not list still answers as an AI agent.
  const [authored] = published as Extract<LiveEvent, { type: 'messages.authored' }>[];
  expect(authored!.conversationId).toBe(answered.id);
  expect(Object.values(authored!.authors)).toEqual([{ kind: 'ai', name: 'AI agent', userId: 'ai-unknown' }]);
  expect(warn).toHaveBeenCalledTimes(1);
  stop();
});
