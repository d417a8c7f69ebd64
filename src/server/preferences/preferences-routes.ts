import type { Kysely } from 'kysely';
import { DEFAULT_PREFERENCES, Preferences } from '../../contract';
import type { PREFERENCE_ROUTES } from '../../contract/routes';
import type { BffHandlers } from '../bff-routes/bff-handlers';
import type { Database } from '../store/schema';
import { guarded } from '../store/store-errors';

// `GET` and `PUT /bff/me/preferences` (src/contract/routes/preferences.ts): the signed-in person's
// own settings, in the BFF's database so they follow the person to any browser. A PUT changes only
// what it names.

/** A person's preferences, the defaults for what they never set. */
export async function readPreferences(db: Kysely<Database>, username: string): Promise<Preferences> {
  const row = await guarded(() =>
    db.selectFrom('preferences').select('settings').where('username', '=', username).executeTakeFirst(),
  );
  const parsed = Preferences.safeParse({ ...DEFAULT_PREFERENCES, ...(row?.settings ?? {}) });
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}

type PreferenceRouteId = (typeof PREFERENCE_ROUTES)[number]['id'];

export function preferencesHandlers(deps: { readonly db: Kysely<Database> }): BffHandlers<PreferenceRouteId> {
  const { db } = deps;
  return {
    'preferences.get': ({ user }) => readPreferences(db, user.username),

    'preferences.put': async ({ user, body }) => {
      const next: Preferences = { ...(await readPreferences(db, user.username)), ...body };
      await guarded(() =>
        db
          .insertInto('preferences')
          .values({ username: user.username, settings: JSON.stringify(next) })
          .onConflict((oc) => oc.column('username').doUpdateSet({ settings: JSON.stringify(next) }))
          .execute(),
      );
      return next;
    },
  };
}
