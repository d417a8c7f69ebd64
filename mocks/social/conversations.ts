import { compareThreads, matchesStructure } from '../../src/contract/rules/thread-order';
import { pageOf } from '../core/paging';
import type { RouteContext, RouteImpls, RouteResult } from '../core/types';
import { contactName, getThread } from './lookup';
import type { Thread } from './state';
import { toConversation } from './thread-ops';

function matchesSearch(ctx: RouteContext<'conversations.list'>, thread: Thread, needle: string): boolean {
  const last = thread.messages.at(-1);
  const haystack = [
    contactName(ctx.ws, thread),
    thread.conv.group_subject,
    thread.conv.external_thread_id,
    last?.text,
  ];
  return haystack.some((value) => value?.toLowerCase().includes(needle));
}

const newestFirst = (a: Thread, b: Thread) => compareThreads(a.conv, b.conv);

function list(ctx: RouteContext<'conversations.list'>): RouteResult {
  const q = ctx.query;
  const needle = q.search?.trim().toLowerCase();
  const threads = [...ctx.ws.social.threads.values()].filter((t) => {
    if (!matchesStructure(t.conv, q)) return false;
    return !needle || matchesSearch(ctx, t, needle);
  });
  threads.sort(newestFirst);
  const page = pageOf(threads, q);
  return { body: { ...page, data: page.data.map(toConversation) } };
}

/** The thread-changing operations share one shape: `{id}` in the path, the thread as the answer. */
type ThreadChange = Pick<RouteContext<'conversations.close'>, 'ws' | 'now' | 'params'>;

function update(ctx: ThreadChange, change: (t: Thread) => void): RouteResult {
  const thread = getThread(ctx.ws, ctx.params.id);
  change(thread);
  thread.conv.updated_at = ctx.now.toISOString();
  return { body: toConversation(thread) };
}

export const conversationImpls: RouteImpls = {
  'conversations.list': list,
  'conversations.get': (ctx) => ({ body: toConversation(getThread(ctx.ws, ctx.params.id)) }),
  'conversations.assignOwner': (ctx) => update(ctx, (t) => (t.conv.assigned_to_user_id = ctx.body.userId)),
  'conversations.assignAgent': (ctx) => update(ctx, (t) => (t.conv.ai_agent_id = ctx.body.agentId)),
  'conversations.close': (ctx) => update(ctx, (t) => (t.conv.status = 'closed')),
  'conversations.reopen': (ctx) => update(ctx, (t) => (t.conv.status = 'open')),
};
