import type { Kysely, Selectable } from 'kysely';
import type { InboxFilters, SavedViewUpdate, ViewScope } from '../../contract/saved-views';
import type { Database, SavedViewsTable } from '../store/schema';

// The saved_views table (migration 0030): a person's own views and the team's, filters as jsonb.

export type SavedViewRow = Selectable<SavedViewsTable>;

export class ViewRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** Their own views, then the team's, each by name. */
  async visibleTo(username: string): Promise<SavedViewRow[]> {
    return this.db
      .selectFrom('saved_views')
      .selectAll()
      .where((eb) => eb.or([eb('scope', '=', 'team'), eb('owner', '=', username)]))
      .orderBy('scope')
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  async one(id: string): Promise<SavedViewRow | undefined> {
    return this.db.selectFrom('saved_views').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async countOwnedBy(username: string, scope: ViewScope): Promise<number> {
    const row = await this.db
      .selectFrom('saved_views')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('scope', '=', scope)
      .$if(scope === 'mine', (q) => q.where('owner', '=', username))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async create(row: {
    id: string;
    name: string;
    scope: ViewScope;
    owner: string;
    filters: InboxFilters;
    created_at: Date;
  }): Promise<SavedViewRow> {
    return this.db
      .insertInto('saved_views')
      .values({ ...row, filters: JSON.stringify(row.filters) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: string, change: SavedViewUpdate): Promise<SavedViewRow | undefined> {
    return this.db
      .updateTable('saved_views')
      .set({
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.filters !== undefined ? { filters: JSON.stringify(change.filters) } : {}),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('saved_views').where('id', '=', id).execute();
  }
}
