import { Me, Team } from '../bff';
import { bffRoute } from './bff-define';

// Who is signed in and who is on the team (src/contract/bff.ts). Signed out, both answer 401
// `Sign in required`, which is how the browser learns it must sign in. (`/auth/login` and
// `/auth/logout` are not BFF routes of this table: they make and end the session.)

const WHAT = 'The session is';

export const SESSION_ROUTES = [
  bffRoute({ id: 'session.me', method: 'GET', path: '/bff/me', response: Me, what: WHAT }),
  bffRoute({ id: 'session.team', method: 'GET', path: '/bff/team', response: Team, what: WHAT }),
] as const;
