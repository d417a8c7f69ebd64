import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { AssignmentRuleBody } from '../../contract/assignment';
import type { Conversation } from '../../contract/conversations';
import type {
  AssignmentGivenTable,
  AssignmentRulesTable,
  AssignmentWaitingTable,
  Database,
} from '../store/schema';

// The assignment tables (migration 0028) and what decisions read from the workspace tables: a
// thread as held now, open threads per owner, a reply from the team since a time. Every decision
// in a channel is made inside `decide`, which locks the channel's rule row first (select … for
// update): instances decide one after another, each seeing what the one before wrote.

export type RuleRow = Selectable<AssignmentRulesTable>;
export type WaitingRow = Selectable<AssignmentWaitingTable>;
export type GivenRow = Selectable<AssignmentGivenTable>;
type Db = Kysely<Database> | Transaction<Database>;

export class AssignmentRepository {
  constructor(readonly db: Kysely<Database>) {}

  async rules(): Promise<RuleRow[]> {
    return this.db.selectFrom('assignment_rules').selectAll().execute();
  }

  async rule(channelId: string, db: Db = this.db): Promise<RuleRow | undefined> {
    return db
      .selectFrom('assignment_rules')
      .selectAll()
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
  }

  /** Whether the channel has a rule that is on (asked for every thread the sync changes: one key lookup). */
  async enabled(channelId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('assignment_rules')
      .select('enabled')
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return row?.enabled ?? false;
  }

  /** The channel's whole rule; the cursor stays where it was. */
  async saveRule(channelId: string, body: AssignmentRuleBody, by: string, at: Date): Promise<RuleRow> {
    const values = {
      enabled: body.enabled,
      mode: body.mode,
      members: body.members,
      cap: body.cap,
      no_reply_minutes: body.noReplyMinutes,
      no_reply_to: body.noReplyTo,
      updated_at: at,
      updated_by: by,
    };
    return this.db
      .insertInto('assignment_rules')
      .values({ channel_id: channelId, ...values })
      .onConflict((oc) => oc.column('channel_id').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Runs `work` with the channel's rule row locked (undefined: no rule); decisions in one channel are serial. */
  async decide<T>(
    channelId: string,
    work: (tx: Transaction<Database>, rule: RuleRow | undefined) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      const rule = await tx
        .selectFrom('assignment_rules')
        .selectAll()
        .where('channel_id', '=', channelId)
        .forUpdate()
        .executeTakeFirst();
      return work(tx, rule);
    });
  }

  async setCursor(tx: Db, channelId: string, cursor: number): Promise<void> {
    await tx.updateTable('assignment_rules').set({ cursor }).where('channel_id', '=', channelId).execute();
  }

  /** Every waiting thread, per channel oldest first. */
  async allWaiting(): Promise<WaitingRow[]> {
    return this.db
      .selectFrom('assignment_waiting')
      .selectAll()
      .orderBy('entered_at')
      .orderBy('conversation_id')
      .execute();
  }

  async waitingChannels(): Promise<string[]> {
    const rows = await this.db.selectFrom('assignment_waiting').select('channel_id').distinct().execute();
    return rows.map((r) => r.channel_id);
  }

  async hasWaiting(channelId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('assignment_waiting')
      .select('conversation_id')
      .where('channel_id', '=', channelId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A thread begins to wait (it keeps its place when it waits already; `notTo` is set either way). */
  async wait(
    db: Db,
    conversationId: string,
    channelId: string,
    at: Date,
    notTo: string | null = null,
  ): Promise<void> {
    await db
      .insertInto('assignment_waiting')
      .values({
        conversation_id: conversationId,
        channel_id: channelId,
        entered_at: at,
        reason: null,
        not_to: notTo,
      })
      .onConflict((oc) =>
        oc
          .column('conversation_id')
          .doUpdateSet(notTo === null ? { channel_id: channelId } : { channel_id: channelId, not_to: notTo }),
      )
      .execute();
  }

  /** The channel's oldest waiting thread with no automatic assignment on its way, but `skip`. */
  async oldestWaiting(tx: Db, channelId: string, skip: readonly string[]): Promise<WaitingRow | undefined> {
    let query = tx
      .selectFrom('assignment_waiting as w')
      .selectAll('w')
      .where('w.channel_id', '=', channelId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('assignment_given as g')
              .select('g.conversation_id')
              .whereRef('g.conversation_id', '=', 'w.conversation_id')
              .where('g.pending', '=', true),
          ),
        ),
      );
    if (skip.length > 0) query = query.where('w.conversation_id', 'not in', [...skip]);
    return query.orderBy('w.entered_at').orderBy('w.conversation_id').limit(1).executeTakeFirst();
  }

  /** Why the channel's waiting threads (but `skip`) are not assigned. */
  async explain(tx: Db, channelId: string, reason: string, skip: readonly string[] = []): Promise<void> {
    let query = tx.updateTable('assignment_waiting').set({ reason }).where('channel_id', '=', channelId);
    if (skip.length > 0) query = query.where('conversation_id', 'not in', [...skip]);
    await query.execute();
  }

  async explainOne(db: Db, conversationId: string, reason: string): Promise<void> {
    await db
      .updateTable('assignment_waiting')
      .set({ reason })
      .where('conversation_id', '=', conversationId)
      .execute();
  }

  async stopWaiting(db: Db, conversationId: string): Promise<boolean> {
    const result = await db
      .deleteFrom('assignment_waiting')
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The thread as the workspace tables hold it (not removed). */
  async thread(db: Db, conversationId: string): Promise<Conversation | undefined> {
    const row = await db
      .selectFrom('ws_conversations')
      .select('data')
      .where('id', '=', conversationId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return row?.data;
  }

  /** Threads by id as the workspace tables hold them (one query). */
  async threads(ids: readonly string[]): Promise<Conversation[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('ws_conversations')
      .select('data')
      .where('id', 'in', [...ids])
      .where('removed_at', 'is', null)
      .execute();
    return rows.map((r) => r.data);
  }

  /**
   * Open threads per owner among `owners`: the workspace tables' (as availability counts them),
   * with automatic assignments decided whose answer is not in yet (a thread counted once).
   */
  async loads(db: Db, owners: readonly string[]): Promise<Map<string, number>> {
    if (owners.length === 0) return new Map();
    const { rows } = await sql<{ owner: string; open: string }>`
      select owner, count(*) as open from (
        select id, assignee as owner from ws_conversations
          where status = 'open' and removed_at is null and assignee in (${sql.join([...owners])})
        union
        select conversation_id as id, owner from assignment_given
          where pending and owner in (${sql.join([...owners])})
      ) held group by owner`.execute(db);
    return new Map(rows.map((r) => [r.owner, Number(r.open)]));
  }

  /** An automatic assignment decided: pending until the upstream answers. */
  async give(db: Db, given: Omit<GivenRow, 'pending'>): Promise<void> {
    const values = { ...given, pending: true };
    await db
      .insertInto('assignment_given')
      .values(values)
      .onConflict((oc) => oc.column('conversation_id').doUpdateSet(values))
      .execute();
  }

  async given(conversationId: string): Promise<GivenRow | undefined> {
    return this.db
      .selectFrom('assignment_given')
      .selectAll()
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
  }

  /** The upstream took it: no longer pending, and the thread no longer waits. */
  async delivered(conversationId: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('assignment_given')
        .set({ pending: false })
        .where('conversation_id', '=', conversationId)
        .execute();
      await this.stopWaiting(tx, conversationId);
    });
  }

  /** The upstream refused it: the decision is undone and the thread waits with the reason. */
  async undone(conversationId: string, reason: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('assignment_given')
        .where('conversation_id', '=', conversationId)
        .where('pending', '=', true)
        .execute();
      await this.explainOne(tx, conversationId, reason);
    });
  }

  /** Pending decisions of the channel older than `before` (their instance stopped in the middle). */
  async stalePending(channelId: string, before: Date): Promise<GivenRow[]> {
    return this.db
      .selectFrom('assignment_given')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('pending', '=', true)
      .where('assigned_at', '<', before)
      .execute();
  }

  /** Whether anyone of the team wrote in the thread after `since`. */
  async repliedSince(conversationId: string, since: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('ws_messages')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .where('direction', '=', 'outbound')
      .where('created_at', '>', since)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
