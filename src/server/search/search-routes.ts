import {
  SEARCH_LIMIT_DEFAULT,
  type Conversation,
  type MessageHit,
  type SEARCH_ROUTES,
  type SearchResults,
} from '../../contract';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import { findRecords } from './record-search';
import type { FoundMessage, SearchRepository } from './search-repository';
import type { WorkspaceReader } from '../workspace/workspace-reader';

// GET /bff/search?q=&limit=  one box for everything: messages by full text (the BFF's index),
// contacts, customers, leads and quick replies (the workspace tables). Every role may search;
// what it finds is what the same person can open. The route is in src/contract/routes/search.ts;
// session, role and query are checked by register-bff-routes.ts, which answers 503 without the
// database (the message index) or the live workspace.

export interface SearchRouteDeps {
  readonly repository: SearchRepository;
  readonly workspace: WorkspaceReader;
}

type SearchRouteId = (typeof SEARCH_ROUTES)[number]['id'];

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

export function searchHandlers(deps: SearchRouteDeps): BffHandlers<SearchRouteId> {
  const { repository, workspace } = deps;
  return {
    'search.all': async ({ query }) => {
      const { q, limit = SEARCH_LIMIT_DEFAULT } = query;
      const [found, records] = await Promise.all([
        repository.search(q, limit),
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
      return results;
    },
  };
}
