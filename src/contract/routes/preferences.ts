import { Preferences, PreferencesUpdate } from '../preferences';
import { bffRoute } from './bff-define';

// The signed-in person's own settings (src/contract/preferences.ts), kept in the BFF's database so
// they follow the person to any browser. A PUT changes only what it names and answers them all.

const WHAT = 'Preferences are';

export const PREFERENCE_ROUTES = [
  bffRoute({
    id: 'preferences.get',
    method: 'GET',
    path: '/bff/me/preferences',
    response: Preferences,
    needs: ['database'],
    what: WHAT,
  }),
  bffRoute({
    id: 'preferences.put',
    method: 'PUT',
    path: '/bff/me/preferences',
    body: PreferencesUpdate,
    response: Preferences,
    needs: ['database'],
    what: WHAT,
  }),
] as const;
