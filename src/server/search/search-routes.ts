import type { FastifyInstance } from 'fastify';
import {
  SEARCH_LIMIT_DEFAULT,
  SearchQuery,
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
      // A thread the workspace no longer holds (deleted) is not offered.
      const messages: MessageHit[] = found.flatMap((m) => {
        const thread = model.conversation(m.conversationId);
        return thread ? [{ ...m, threadName: model.threadName(thread) }] : [];
      });
      const results: SearchResults = { query: q, messages, ...findRecords(model, q, limit) };
      return reply.send(results);
    });
  });
}
