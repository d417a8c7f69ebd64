import type { AnyBffHandlers } from '../bff-routes/bff-handlers';
import type { FastifyInstance } from 'fastify';
import {
  SEARCH_LIMIT_DEFAULT,
  SearchQuery,
  fieldErrors,
  type Conversation,
  type MessageHit,
  type SearchResults,
} from '../../contract';
import { sendBffError } from '../bff-error';
import { fromStore, ownDataUser, type OwnDataDeps } from '../store/own-data-routes';
import { findRecords } from './record-search';
import type { FoundMessage, SearchRepository } from './search-repository';
import type { WorkspaceReader } from '../workspace/workspace-reader';

// GET /bff/search?q=&limit=  one box for everything: messages by full text (the BFF's index),
// contacts, customers, leads and quick replies (the workspace tables). Every role may search;
// what it finds is what the same person can open.

export interface SearchRouteDeps extends OwnDataDeps {
  /** null: the BFF runs without its database (no message index). */
  readonly repository: SearchRepository | null;
  /** null: without the live workspace there is nothing to search in. */
  readonly workspace: WorkspaceReader | null;
}

const WHAT = 'Search is';

/** The threads the workspace still holds among those of the found messages (a page: one query). */
async function threadsOf(
  workspace: WorkspaceReader,
  found: readonly FoundMessage[],
): Promise<Conversation[]> {
  if (found.length === 0) return [];
  const rows = await workspace.db
    .selectFrom('ws_conversations')
    .select('data')
    .where('id', 'in', [...new Set(found.map((m) => m.conversationId))])
    .where('removed_at', 'is', null)
    .execute();
  return rows.map((r) => r.data);
}

export function registerSearchRoutes(app: FastifyInstance, deps: SearchRouteDeps): AnyBffHandlers {
  const kept = { available: deps.repository !== null && deps.workspace !== null, what: WHAT };

  app.get('/bff/search', async (request, reply) => {
    const user = await ownDataUser(request, reply, deps, kept);
    if (!user) return reply;
    const parsed = SearchQuery.safeParse(request.query ?? {});
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    const { q, limit = SEARCH_LIMIT_DEFAULT } = parsed.data;
    const workspace = deps.workspace!;
    return fromStore(reply, WHAT, async () => {
      const [found, records] = await Promise.all([
        deps.repository!.search(q, limit),
        findRecords(workspace, q, limit),
      ]);
      // A thread the workspace no longer holds (deleted) is not offered.
      const [names, authors] = await Promise.all([
        threadsOf(workspace, found).then((ids) => workspace.threadNames(ids)),
        workspace.authors.ofMessages(found.filter((m) => m.direction === 'outbound').map((m) => m.messageId)),
      ]);
      const messages: MessageHit[] = found.flatMap((m) => {
        const threadName = names.get(m.conversationId);
        const author = authors[m.messageId];
        return threadName === undefined ? [] : [{ ...m, threadName, ...(author ? { author } : {}) }];
      });
      const results: SearchResults = { query: q, messages, ...records };
      return reply.send(results);
    });
  });
  return {};
}
