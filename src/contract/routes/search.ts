import { SearchQuery, SearchResults } from '../search';
import { bffRoute } from './bff-define';

// One search for everything (every role): messages from the BFF's full-text index in its database,
// contacts, customers, leads and quick replies from the live workspace.

export const SEARCH_ROUTES = [
  bffRoute({
    id: 'search.all',
    method: 'GET',
    path: '/bff/search',
    query: SearchQuery,
    response: SearchResults,
    needs: ['database', 'live'],
    what: 'Search is',
  }),
] as const;
