import { DEFAULT_LIMIT } from '../../src/contract/common';
import { badRequest } from '../core/errors';
import type { RouteContext, RouteImpls, RouteResult } from '../core/types';
import { getThread } from './lookup';
import { sendMessage } from './send';
import { assertWindowOpen, queueOutbound } from './thread-ops';

function listMessages(ctx: RouteContext<'messages.list'>): RouteResult {
  const thread = getThread(ctx.ws, ctx.params.id);
  const limit = ctx.query.limit ?? DEFAULT_LIMIT;
  let end = thread.messages.length;
  if (ctx.query.before !== undefined) {
    end = thread.messages.findIndex((m) => m.id === ctx.query.before);
    if (end < 0) throw badRequest(['before must be the id of a message of this conversation']);
  }
  const start = Math.max(0, end - limit);
  const data = thread.messages
    .slice(start, end)
    .reverse()
    .map((m) => ({ ...m }));
  return { body: { data, hasMore: start > 0 } };
}

function sendText(ctx: RouteContext<'messages.sendText'>): RouteResult {
  const thread = getThread(ctx.ws, ctx.params.id);
  const quoted = ctx.body.quotedMessageId;
  if (quoted !== undefined && !thread.byId.has(quoted)) {
    throw badRequest(['quotedMessageId must be the id of a message of this conversation']);
  }
  assertWindowOpen(ctx.ws.social, thread, ctx.now);
  const message = queueOutbound(
    ctx.ws,
    thread,
    { type: 'text', text: ctx.body.text, media: null, quotedMessageId: quoted ?? null },
    ctx.now,
    ctx.state.rng,
  );
  return { body: message };
}

export const messageImpls: RouteImpls = {
  'messages.list': listMessages,
  'messages.sendText': sendText,
  'conversations.send': sendMessage,
};
