import { sql } from 'kysely';
import type { Conversation, PipelineReport } from '../../contract';
import { addMoney } from '../screens/money-sums';
import type { WorkspaceReader } from '../workspace/workspace-reader';

// What the reports read from the workspace now (the history tables hold the past): the open leads'
// forecast and the threads whose contact has waited past the target.

/**
 * The open leads' forecast by expected close month and currency, grouped in SQL over ws_leads.
 * Sums are exact (numeric) and weighted as on the board (a probability counts as its bound outside
 * 0 to 100), then kept finite (money-sums.ts).
 */
export async function forecastOf(
  workspace: WorkspaceReader,
  closedStages: readonly string[],
): Promise<PipelineReport['forecast']> {
  const result = await sql<{
    month: string | null;
    currency: string | null;
    deals: string;
    value: string;
    weighted: string;
  }>`
    select nullif(left(coalesce(data->>'expected_close_date', ''), 7), '') as month, currency,
      count(*) as deals,
      coalesce(sum(value::text::numeric), 0)::text as value,
      coalesce(sum(value::text::numeric * least(100, greatest(0, coalesce(probability, 0)))::text::numeric * 0.01), 0)::text
        as weighted
    from ws_leads
    where removed_at is null and not (coalesce(status, '') = any(${[...closedStages]}::text[]))
    group by 1, 2`.execute(workspace.db);
  const byMonth = (a: { month: string | null }, b: { month: string | null }) =>
    (a.month ?? '9999').localeCompare(b.month ?? '9999');
  return result.rows
    .map((r) => ({
      month: r.month,
      currency: r.currency,
      deals: Number(r.deals),
      value: addMoney(0, Number(r.value)),
      weighted: addMoney(0, Number(r.weighted)),
    }))
    .sort((a, b) => byMonth(a, b) || (a.currency ?? '').localeCompare(b.currency ?? ''));
}

export interface OverdueThread {
  readonly conversationId: string;
  readonly name: string;
  readonly waitingSince: string;
  readonly agent: string | null;
}

const OVERDUE_LIMIT = 50;

/**
 * Open threads whose newest message is the contact's and older than the target, longest waiting
 * first, at most 50: walked from the oldest last message up (index ws_conversations_status), each
 * judged by its newest message (ws_messages_thread), so the work stops at the 50th found.
 */
export async function overdueThreads(
  workspace: WorkspaceReader,
  now: number,
  targetMinutes: number,
  channel: string | undefined,
): Promise<OverdueThread[]> {
  const cutoff = new Date(now - targetMinutes * 60_000).toISOString();
  const result = await sql<{ data: Conversation; waiting_since: Date | string }>`
    select c.data, m.created_at as waiting_since
    from ws_conversations c
    cross join lateral (
      select direction, created_at from ws_messages
      where conversation_id = c.id order by created_at desc, id desc limit 1
    ) m
    where c.removed_at is null and c.status = 'open' and c.last_message_at <= ${cutoff}::timestamptz
      ${channel ? sql`and c.channel_id = ${channel}` : sql``}
      and m.direction = 'inbound' and m.created_at <= ${cutoff}::timestamptz
    order by c.last_message_at, c.id
    limit ${OVERDUE_LIMIT}`.execute(workspace.db);
  const names = await workspace.threadNames(result.rows.map((r) => r.data));
  return result.rows
    .map((r) => ({
      conversationId: r.data.id,
      name: names.get(r.data.id) ?? '',
      waitingSince: new Date(r.waiting_since).toISOString(),
      agent: r.data.assigned_to_user_id ?? null,
    }))
    .sort((a, b) => a.waitingSince.localeCompare(b.waitingSince));
}
