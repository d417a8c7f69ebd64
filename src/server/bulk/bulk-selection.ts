import { sql } from 'kysely';
import {
  BULK_MAX_ITEMS,
  conversationName,
  type Contact,
  type Conversation,
  type ConversationBulkBody,
  type LeadBulkBody,
} from '../../contract';
import { filterCondition, LIVE, NEWEST_FIRST } from '../screens/lead-sql';
import { inboxIdsOf } from '../screens/inbox-list';
import { storableText } from '../store/storable-text';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import type { NewItem } from './bulk-repository';

// A bulk action's selection made a fixed list of records at its start: the ids picked (each once,
// in the order given), or every record under the list's filter as the workspace tables hold it now.
// Each item carries the record's name as it is now, for the report. An id the workspace does not
// hold is kept: the run refuses it with a reason rather than the start failing for everyone.

export type Resolved =
  | { readonly ok: true; readonly items: NewItem[] }
  | { readonly ok: false; readonly status: 400 | 409; readonly message: string };

type Selection = ConversationBulkBody['selection'] | LeadBulkBody['selection'];

/** The search as the tables store text (U+0000 and lone surrogates as U+FFFD): PostgreSQL refuses them in a parameter. */
const storableFilter = <F extends { search?: string | undefined }>(filter: F): F =>
  filter.search === undefined ? filter : { ...filter, search: storableText(filter.search) };

const unique = (ids: readonly string[]): string[] => [...new Set(ids)];

function checked(ids: string[], selection: Selection): Resolved | string[] {
  if ('ids' in selection) return ids;
  if (ids.length === 0) return { ok: false, status: 409, message: 'Nothing matches the filter any more' };
  // More than the person saw and agreed to (the list grew since): they look again first.
  if (ids.length > selection.expected)
    return {
      ok: false,
      status: 409,
      message: `${ids.length} now match the filter, not ${selection.expected}: look at the list again`,
    };
  return ids;
}

export async function conversationItems(
  workspace: WorkspaceReader,
  selection: ConversationBulkBody['selection'],
  snoozesAt: Date | undefined,
): Promise<Resolved> {
  const found =
    'ids' in selection
      ? unique(selection.ids)
      : await inboxIdsOf(
          workspace,
          storableFilter(selection.filter),
          snoozesAt ? { snoozesAt } : {},
          BULK_MAX_ITEMS + 1,
        );
  if (found.length > BULK_MAX_ITEMS)
    return {
      ok: false,
      status: 400,
      message: `At most ${BULK_MAX_ITEMS} threads at once: narrow the filter`,
    };
  const ids = checked(found, selection);
  if (!Array.isArray(ids)) return ids;
  const { rows } = await sql<{ id: string; conversation: Conversation; contact: Contact | null }>`
    select c.id, c.data as conversation, ct.data as contact from ws_conversations c
    left join ws_contacts ct on ct.id = c.contact_id and ct.removed_at is null
    where c.removed_at is null and c.id in (${sql.join(ids)})`.execute(workspace.db);
  const names = new Map(
    rows.map((r) => [r.id, conversationName(r.conversation, { contact: r.contact ?? undefined })]),
  );
  return { ok: true, items: ids.map((recordId) => ({ recordId, name: names.get(recordId) ?? null })) };
}

export async function leadItems(
  workspace: WorkspaceReader,
  selection: LeadBulkBody['selection'],
): Promise<Resolved> {
  let found: string[];
  if ('ids' in selection) found = unique(selection.ids);
  else {
    const { rows } = await sql<{ id: string }>`
      select id from ws_leads where ${LIVE} and ${filterCondition(selection.filter)}
      order by ${NEWEST_FIRST} limit ${BULK_MAX_ITEMS + 1}`.execute(workspace.db);
    found = rows.map((r) => r.id);
  }
  if (found.length > BULK_MAX_ITEMS)
    return { ok: false, status: 400, message: `At most ${BULK_MAX_ITEMS} leads at once: narrow the filter` };
  const ids = checked(found, selection);
  if (!Array.isArray(ids)) return ids;
  const { rows } = await sql<{ id: string; name: string | null }>`
    select id, data->>'name' as name from ws_leads
    where ${LIVE} and id in (${sql.join(ids)})`.execute(workspace.db);
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return { ok: true, items: ids.map((recordId) => ({ recordId, name: names.get(recordId) ?? null })) };
}
