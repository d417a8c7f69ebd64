import { Workspace } from '../workspace';
import { bffRoute } from './bff-define';
import { NoContent } from './define';

// The app's first call after sign-in (src/contract/workspace.ts): it answers with or without the
// live workspace and the database (what they would add is then null). And an admin's reload of the
// workspace from the upstream, which only the live workspace can do.

const WHAT = 'The workspace is';

export const WORKSPACE_ROUTES = [
  bffRoute({ id: 'workspace.get', method: 'GET', path: '/bff/workspace', response: Workspace, what: WHAT }),
  bffRoute({
    id: 'workspace.reload',
    method: 'POST',
    path: '/bff/workspace/reload',
    response: NoContent,
    status: 204,
    needs: ['live'],
    what: WHAT,
  }),
] as const;
