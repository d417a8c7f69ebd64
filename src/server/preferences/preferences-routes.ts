import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_PREFERENCES, Preferences, PreferencesUpdate, fieldErrors } from '../../contract';
import { sendBffError } from '../bff-error';
import type { Database } from '../store/schema';
import { guarded } from '../store/store-errors';
import { fromStore, ownDataUser, type OwnDataDeps } from '../store/own-data-routes';

// `GET` and `PUT /bff/me/preferences`: the signed-in person's own settings, in the BFF's database
// so they follow the person to any browser. A PUT changes only what it names.

const WHAT = 'Preferences are';

/** A person's preferences, the defaults for what they never set. */
export async function readPreferences(db: Kysely<Database>, username: string): Promise<Preferences> {
  const row = await guarded(() =>
    db.selectFrom('preferences').select('settings').where('username', '=', username).executeTakeFirst(),
  );
  const parsed = Preferences.safeParse({ ...DEFAULT_PREFERENCES, ...(row?.settings ?? {}) });
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}

export function registerPreferences(
  app: FastifyInstance,
  deps: OwnDataDeps & { readonly db: Kysely<Database> | null },
): void {
  const kept = { available: deps.db !== null, what: WHAT };
  app.get('/bff/me/preferences', async (request, reply) => {
    const user = await ownDataUser(request, reply, deps, kept);
    if (!user) return reply;
    return fromStore(reply, WHAT, async () => reply.send(await readPreferences(deps.db!, user.username)));
  });
  app.put('/bff/me/preferences', async (request, reply) => {
    const user = await ownDataUser(request, reply, deps, kept);
    if (!user) return reply;
    const parsed = PreferencesUpdate.safeParse(request.body ?? {});
    if (!parsed.success) return sendBffError(reply, 400, fieldErrors(parsed.error));
    return fromStore(reply, WHAT, async () => {
      const db = deps.db!;
      const next: Preferences = { ...(await readPreferences(db, user.username)), ...parsed.data };
      await guarded(() =>
        db
          .insertInto('preferences')
          .values({ username: user.username, settings: JSON.stringify(next) })
          .onConflict((oc) => oc.column('username').doUpdateSet({ settings: JSON.stringify(next) }))
          .execute(),
      );
      return reply.send(next);
    });
  });
}
