import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Label } from '../../contract/labels';
import type { Database, LabelsTable } from '../store/schema';
import { threadLabelIds } from './label-sql';

// The labels table, the labels on threads and the threads' existence (migration 0030 and the
// workspace tables). Adding a label a thread has, or removing one it has not, is no change: two
// people doing the same at once agree.

const labelOf = (row: Selectable<LabelsTable>): Label => ({
  id: row.id,
  name: row.name,
  color: row.color,
  position: row.position,
});

/** The unique index on the folded name refused a write (PostgreSQL's unique_violation). */
export const isNameTaken = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export class LabelRepository {
  constructor(readonly db: Kysely<Database>) {}

  async all(db: Kysely<Database> | Transaction<Database> = this.db): Promise<Label[]> {
    const rows = await db.selectFrom('labels').selectAll().orderBy('position').orderBy('id').execute();
    return rows.map(labelOf);
  }

  /** The label of that name whatever its case, but `except`. */
  async named(name: string, except?: string): Promise<Label | undefined> {
    let query = this.db
      .selectFrom('labels')
      .selectAll()
      .where(sql`lower(name)`, '=', name.toLowerCase());
    if (except) query = query.where('id', '!=', except);
    const row = await query.executeTakeFirst();
    return row && labelOf(row);
  }

  /** Added at the end of the list. */
  async create(label: { id: string; name: string; color: string }, at: Date): Promise<void> {
    await this.db
      .insertInto('labels')
      .values((eb) => ({
        ...label,
        created_at: at,
        position: eb.selectFrom('labels').select(sql<number>`coalesce(max(position) + 1, 0)`.as('next')),
      }))
      .execute();
  }

  /** A new name or colour, and a new place (the others keep their order around it); false: no such label. */
  async update(id: string, change: { name?: string; color?: string; position?: number }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const { position, ...fields } = change;
      if (Object.keys(fields).length > 0) {
        const done = await trx.updateTable('labels').set(fields).where('id', '=', id).executeTakeFirst();
        if (done.numUpdatedRows === 0n) return false;
      } else if (!(await trx.selectFrom('labels').select('id').where('id', '=', id).executeTakeFirst())) {
        return false;
      }
      if (position !== undefined) {
        const order = (await this.all(trx)).map((l) => l.id).filter((l) => l !== id);
        order.splice(Math.min(position, order.length), 0, id);
        for (const [at, labelId] of order.entries())
          await trx.updateTable('labels').set({ position: at }).where('id', '=', labelId).execute();
      }
      return true;
    });
  }

  /** Gone from every thread with it (the join's cascade); false: no such label. */
  async remove(id: string): Promise<boolean> {
    const done = await this.db.deleteFrom('labels').where('id', '=', id).executeTakeFirst();
    return done.numDeletedRows > 0n;
  }

  /** Which of `ids` are labels. */
  async existing(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('labels')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Whether the workspace holds the thread (not removed upstream). */
  async threadExists(conversationId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('ws_conversations')
      .select('id')
      .where('id', '=', conversationId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Adds and removes in one transaction; answers the thread's labels after, in the list's order. */
  async change(
    conversationId: string,
    add: readonly string[],
    remove: readonly string[],
    at: Date,
  ): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      if (add.length > 0)
        await trx
          .insertInto('conversation_labels')
          .values(add.map((label_id) => ({ conversation_id: conversationId, label_id, added_at: at })))
          .onConflict((oc) => oc.columns(['conversation_id', 'label_id']).doNothing())
          .execute();
      if (remove.length > 0)
        await trx
          .deleteFrom('conversation_labels')
          .where('conversation_id', '=', conversationId)
          .where('label_id', 'in', [...remove])
          .execute();
      return this.ofThread(conversationId, trx);
    });
  }

  /** A thread's label ids, in the list's order. */
  async ofThread(
    conversationId: string,
    db: Kysely<Database> | Transaction<Database> = this.db,
  ): Promise<string[]> {
    return threadLabelIds(db, conversationId);
  }
}
