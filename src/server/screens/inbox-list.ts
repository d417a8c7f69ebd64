import { containing } from '../store/like-pattern';
import { sql, type RawBuilder } from 'kysely';
import type { Contact, Conversation, Message } from '../../contract';
import { rowMessages } from '../../contract/rules/inbox-row';
import type { InboxQuery, InboxRow, InboxScreenPage } from '../../contract/routes/screens-inbox';
import { MESSAGE_PAGE, type WorkspaceReader } from '../workspace/workspace-reader';
import { snoozedSql } from '../snooze/snooze-rules';
import { carriesLabel, labelIdsOfThread } from '../labels/label-sql';
import { threadSlaOf, type SlaClockRow } from '../sla/sla-repository';

// The inbox's thread list in one answer from the workspace tables: the rows the upstream's list
// would give under the same filters (status, owner, channel, search over what the row shows), each
// with what the row shows, so a row costs no call of its own. A page costs two statements whatever
// its size: the rows (each with its contact and what it needs of its newest page of messages) and
// the total. Order and filters go by the indexes of migration 0011 (ws_conversations_newest,
// _status, _assignee); the search by the trigram index on ws_conversations.search (migration 0013),
// the text the database keeps of each thread's name, contact, subject, number and newest message.
// The team's labels (migration 0030) come with each row and filter by conversation_labels_by_label.

const DEFAULT_LIMIT = 30;

export interface InboxContext {
  /** The signed-in agent's unread threads, a subquery of `conversation_id`s: the Unread filter. */
  readonly unreadThreads?: RawBuilder<{ conversation_id: string }>;
  /** Now, when the team's snoozes are kept (src/server/snooze): a snoozed thread lists as `snoozed`. */
  readonly snoozesAt?: Date;
  /** Now, for the SLA filter (src/server/sla): which running clocks are at risk or breached. */
  readonly slaAt?: Date;
}

/** Running SLA clocks of the thread `c` matching a condition. */
const runningClock = (condition: RawBuilder<unknown>) =>
  sql`exists (select 1 from sla_clocks s where s.conversation_id = c.id and s.stopped_at is null and ${condition})`;

function slaFilter(state: NonNullable<InboxQuery['sla']>, now: Date): RawBuilder<unknown> {
  const breached = runningClock(sql`s.due_at <= ${now}`);
  const atRisk = runningClock(sql`s.at_risk_at <= ${now}`);
  if (state === 'breached') return breached;
  if (state === 'at-risk') return sql`(${atRisk} and not ${breached})`;
  return sql`(${runningClock(sql`true`)} and not ${atRisk})`;
}

function statusFilter(status: NonNullable<InboxQuery['status']>, ctx: InboxContext): RawBuilder<unknown> {
  if (!ctx.snoozesAt) return sql`c.status = ${status}`;
  const snoozed = snoozedSql(ctx.snoozesAt);
  if (status === 'snoozed') return sql`(c.status = 'snoozed' or ${snoozed})`;
  return status === 'closed' ? sql`c.status = ${status}` : sql`(c.status = ${status} and not ${snoozed})`;
}

function filtersOf(query: InboxQuery, ctx: InboxContext): RawBuilder<unknown> {
  const where = [sql`c.removed_at is null`];
  if (query.status) where.push(statusFilter(query.status, ctx));
  if (query.assignedTo === 'none') where.push(sql`c.assignee is null`);
  else if (query.assignedTo) where.push(sql`c.assignee = ${query.assignedTo}`);
  if (query.channelId) where.push(sql`c.channel_id = ${query.channelId}`);
  const needle = query.search?.trim();
  // Lower-cased by the database, as the search text itself is (one notion of case on both sides).
  if (needle) where.push(sql`c.search like lower(${containing(needle)}) escape '\\'`);
  if (query.unread === 'true' && ctx.unreadThreads)
    where.push(sql`c.id in (select u.conversation_id from ${ctx.unreadThreads} u)`);
  if (query.label) where.push(carriesLabel(query.label));
  if (query.sla) where.push(slaFilter(query.sla, ctx.slaAt ?? new Date()));
  return sql.join(where, sql` and `);
}

interface RowOfPage {
  conversation: Conversation;
  contact: Contact | null;
  /** How many messages the thread's newest page holds (0: none read yet). */
  held: number;
  newest: Message | null;
  inbound: Message | null;
  label_ids: string[];
  sla: SlaClockRow | null;
}

/**
 * What a row needs from the thread's newest page: the newest message (the preview) and the newest
 * inbound one (the window, the sender's name). `hasOlder`: an inbound message may exist before the
 * page, so the window is unknown from it alone.
 */
function rowOf(row: RowOfPage): InboxRow {
  const { conversation, contact, held, newest, inbound } = row;
  const labelIds = row.label_ids;
  const sla = row.sla ? threadSlaOf(row.sla) : null;
  if (held === 0 || newest === null) {
    return { conversation, contact, messages: [], hasOlder: true, loaded: false, labelIds, sla };
  }
  const { messages } = rowMessages(inbound === null ? [newest] : [newest, inbound]);
  return {
    conversation,
    contact,
    messages,
    hasOlder: inbound === null && held >= MESSAGE_PAGE,
    loaded: true,
    labelIds,
    sla,
  };
}

export async function inboxListOf(
  workspace: WorkspaceReader,
  query: InboxQuery,
  ctx: InboxContext = {},
): Promise<InboxScreenPage> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const offset = query.offset ?? 0;
  const where = filtersOf(query, ctx);
  const [rows, counted] = await Promise.all([
    sql<RowOfPage>`
      select c.data as conversation, ct.data as contact, page.held, page.newest, page.inbound,
        ${labelIdsOfThread(sql`c.id`)} as label_ids,
        to_jsonb(sla) as sla
      from (
        select c.id, c.data, c.contact_id, c.last_message_at from ws_conversations c
        where ${where}
        order by c.last_message_at desc nulls last, c.id
        limit ${limit} offset ${offset}
      ) c
      left join ws_contacts ct on ct.id = c.contact_id and ct.removed_at is null
      cross join lateral (
        select count(*)::int as held,
          (array_agg(p.data order by p.created_at desc, p.id desc))[1] as newest,
          (array_agg(p.data order by p.created_at desc, p.id desc) filter (where p.direction = 'inbound'))[1]
            as inbound
        from (
          select m.data, m.created_at, m.id, m.direction from ws_messages m
          where m.conversation_id = c.id
          order by m.created_at desc, m.id desc limit ${MESSAGE_PAGE}
        ) p
      ) page
      left join lateral (
        select s.kind, s.started_at, s.due_at, s.at_risk_at, s.business_hours, s.target_minutes
        from sla_clocks s where s.conversation_id = c.id and s.stopped_at is null
        order by s.due_at limit 1
      ) sla on true
      order by c.last_message_at desc nulls last, c.id`.execute(workspace.db),
    inboxCountOf(workspace, query, ctx),
  ]);
  const total = counted;
  const page = rows.rows.map(rowOf);
  // Who on the team sent the previews' outbound messages: one lookup by key for the page.
  const outbound = page.flatMap((r) => r.messages.filter((m) => m.direction === 'outbound').map((m) => m.id));
  const authors = await workspace.authors.ofMessages(outbound);
  for (const row of page) {
    const own = Object.fromEntries(
      row.messages.flatMap((m) => (authors[m.id] ? [[m.id, authors[m.id]!]] : [])),
    );
    if (Object.keys(own).length > 0) row.authors = own;
  }
  return { rows: page, total, hasMore: offset + page.length < total };
}

/** How many threads are under the filters: a saved view's count (src/server/labels), as the list's total. */
export async function inboxCountOf(
  workspace: Pick<WorkspaceReader, 'db'>,
  query: InboxQuery,
  ctx: InboxContext,
): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    select count(*)::int as total from ws_conversations c where ${filtersOf(query, ctx)}`.execute(
    workspace.db,
  );
  return Number(rows[0]?.total ?? 0);
}

/**
 * The ids of the threads under the list's filters, in the list's order, at most `max`: a bulk
 * action's "select all matching" (src/server/bulk), resolved once so the run acts on a fixed set.
 */
export async function inboxIdsOf(
  workspace: WorkspaceReader,
  query: InboxQuery,
  ctx: InboxContext,
  max: number,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select c.id from ws_conversations c where ${filtersOf(query, ctx)}
    order by c.last_message_at desc nulls last, c.id limit ${max}`.execute(workspace.db);
  return rows.map((r) => r.id);
}
