import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../store/schema';

// The label pieces of the inbox's list read (src/server/screens/inbox-list.ts), so the rows carry
// their labels and the filter goes by the index of migration 0030 with no read of its own.

/** A thread's label ids in the list's order (an empty array when none), for the thread `c`. */
export const labelIdsOfThread = (conversationId: RawBuilder<unknown>): RawBuilder<string[]> => sql<string[]>`
  coalesce((select array_agg(cl.label_id order by l.position, l.id)
    from conversation_labels cl join labels l on l.id = cl.label_id
    where cl.conversation_id = ${conversationId}), '{}')`;

/** Only the threads `c` carrying the label (conversation_labels_by_label). */
export const carriesLabel = (labelId: string): RawBuilder<unknown> =>
  sql`c.id in (select cl.conversation_id from conversation_labels cl where cl.label_id = ${labelId})`;

/** One thread's label ids, in the list's order (the thread screen, a change's answer). */
export async function threadLabelIds(db: Kysely<Database>, conversationId: string): Promise<string[]> {
  const { rows } = await sql<{ ids: string[] }>`
    select ${labelIdsOfThread(sql`${conversationId}`)} as ids`.execute(db);
  return rows[0]?.ids ?? [];
}
