import type { FastifyInstance } from 'fastify';
import {
  SEARCH_LIMIT_DEFAULT,
  SearchQuery,
  contactName,
  fieldErrors,
  type MessageHit,
  type SearchResults,
} from '../../contract';
import { sendBffError } from '../bff-error';
import { fromStore, ownDataUser, type OwnDataDeps } from '../store/own-data-routes';
import type { ReadModel } from '../sync/read-model';
import { findRecords } from './record-search';
import type { SearchRepository } from './search-repository';

// GET /bff/search?q=&limit=  one box for everything: messages by full text (the BFF's index),
// contacts, customers, leads and quick replies (the workspace it holds). Every role may search;
// what it finds is what the same person can open.

export interface SearchRouteDeps extends OwnDataDeps {
  /** null: the BFF runs without its database (no message index). */
  readonly repository: SearchRepository | null;
  /** null: without the live workspace there is nothing to search in. */
  readonly model: ReadModel | null;
}

const WHAT = 'Search is';

/** Who a thread is with, as the inbox names it. */
function threadName(model: ReadModel, conversationId: string): string {
  const conversation = model.conversation(conversationId);
  if (!conversation) return 'Conversation';
  const contact = conversation.contact_id ? model.contact(conversation.contact_id) : undefined;
  return (
    (contact && contactName(contact)) ||
    conversation.group_subject ||
    conversation.external_thread_id ||
    'Conversation'
  );
}

export function registerSearchRoutes(app: FastifyInstance, deps: SearchRouteDeps): void {
  const kept = { available: deps.repository !== null && deps.model !== null, what: WHAT };

  app.get('/bff/search', async (request, reply) => {
    const user = await ownDataUser(request, reply, deps, kept);
    if (!user) return reply;
    const parsed = SearchQuery.safeParse(request.query ?? {});
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    const { q, limit = SEARCH_LIMIT_DEFAULT } = parsed.data;
    const model = deps.model!;
    return fromStore(reply, WHAT, async () => {
      const found = await deps.repository!.search(q, limit);
      const messages: MessageHit[] = found
        // A thread the workspace no longer holds (deleted) is not offered.
        .filter((m) => model.conversations.has(m.conversationId))
        .map((m) => ({ ...m, threadName: threadName(model, m.conversationId) }));
      const results: SearchResults = { query: q, messages, ...findRecords(model, q, limit) };
      return reply.send(results);
    });
  });
}
