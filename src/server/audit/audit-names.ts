import { sql, type Kysely, type RawBuilder } from 'kysely';
import { contactName } from '../../contract/contact-links';
import type { Conversation, Message } from '../../contract/conversations';
import type { Platform } from '../../contract/channels';
import { conversationName } from '../../contract/thread-names';
import type { Database } from '../store/schema';
import { auditName, type NameNeed, type NameReader, type Names } from './audit-call';

// The names an audited call needs (audit-summary.ts says which), read from the workspace tables
// and the import jobs before the handler runs: one statement by key per call, never a scan.

/** A list kept whole (stages, tags, quick replies): the item whose `field` is `value`, by name. */
const listItem = (list: string, field: string, value: string, pick: string) =>
  sql<
    string | null
  >`(select item->>${sql.lit(pick)} from ws_lists l cross join lateral jsonb_array_elements(l.data) item
    where l.name = ${list} and item->>${sql.lit(field)} = ${value} limit 1)`;

/** Reads names from the workspace tables (and the import jobs): one statement, by key, per call. */
export class WorkspaceNames implements NameReader {
  constructor(private readonly db: Kysely<Database>) {}

  async read(need: NameNeed): Promise<Names> {
    switch (need.kind) {
      case 'lead': {
        const row = await this.one<{ name: string | null; status: string | null; stage: string | null }>(
          sql`select
            ${need.id === null ? sql`null` : sql`(select data->>'name' from ws_leads where id = ${need.id} and removed_at is null)`} as name,
            ${need.id === null ? sql`null` : sql`(select data->>'status' from ws_leads where id = ${need.id} and removed_at is null)`} as status,
            ${need.stageKey === null ? sql`null` : listItem('stages', 'key', need.stageKey, 'name')} as stage`,
        );
        return clean({ name: row?.name, status: row?.status, stage: row?.stage });
      }
      case 'conversation':
      case 'group': {
        const where =
          need.kind === 'conversation'
            ? sql`c.id = ${need.id}`
            : sql`c.external_thread_id = ${need.threadId}`;
        const row = await this.one<{
          conversation: Conversation;
          contact: { first_name?: string | null; last_name?: string | null } | null;
          messages: Message[] | null;
          platform: Platform | null;
        }>(sql`select c.data as conversation,
            (select jsonb_build_object('first_name', ct.data->'first_name', 'last_name', ct.data->'last_name')
              from ws_contacts ct where ct.id = c.contact_id and ct.removed_at is null) as contact,
            (select jsonb_agg(m.item) from (
              select jsonb_build_object('direction', data->'direction', 'sender_name', data->'sender_name',
                'created_at', data->'created_at') as item
              from ws_messages where conversation_id = c.id order by created_at desc, id desc limit 20) m) as messages,
            (select item->>'platform' from ws_lists l cross join lateral jsonb_array_elements(l.data) item
              where l.name = 'channels' and item->>'id' = c.channel_id limit 1) as platform
          from ws_conversations c where ${where} and c.removed_at is null order by c.id limit 1`);
        if (!row) return {};
        const name = conversationName(row.conversation, {
          contact: row.contact ?? undefined,
          messages: row.messages ?? [],
          platform: row.platform ?? undefined,
        });
        return clean({ name, conversationId: row.conversation.id });
      }
      case 'customer': {
        const row = await this.one<{ name: string | null; tags: string[] | null }>(
          sql`select (select name from ws_customers where id = ${need.id} and removed_at is null) as name,
            ${
              need.tagIds.length === 0
                ? sql`null`
                : sql`(select jsonb_agg(item->>'name') from ws_lists l cross join lateral jsonb_array_elements(l.data) item
                    where l.name = 'tags' and item->>'id' = any(${[...need.tagIds]}::text[]))`
            } as tags`,
        );
        return clean({ name: row?.name, tags: row?.tags ?? undefined });
      }
      case 'contact': {
        const row = await this.one<{ first_name: string | null; last_name: string | null }>(
          sql`select data->>'first_name' as first_name, data->>'last_name' as last_name
            from ws_contacts where id = ${need.id} and removed_at is null`,
        );
        return row ? clean({ name: contactName(row) }) : {};
      }
      case 'stage':
        return clean({
          name: (
            await this.one<{ name: string | null }>(
              sql`select ${listItem('stages', 'id', need.id, 'name')} as name`,
            )
          )?.name,
        });
      case 'quickReply':
        return clean({
          name: (
            await this.one<{ name: string | null }>(
              sql`select ${listItem('quickReplies', 'id', need.id, 'title')} as name`,
            )
          )?.name,
        });
      case 'import': {
        const row = await this.one<{ file_name: string; kind: string }>(
          sql`select file_name, kind from import_jobs where id = ${need.id}`,
        );
        return row ? clean({ name: row.file_name, importKind: row.kind }) : {};
      }
    }
  }

  private async one<T>(query: RawBuilder<T>): Promise<T | undefined> {
    return (await query.execute(this.db)).rows[0];
  }
}

/** Drops what was not found (null, empty), so a summary never says "moved lead  to"; names are cut. */
function clean(found: {
  name?: string | null | undefined;
  status?: string | null | undefined;
  stage?: string | null | undefined;
  tags?: readonly (string | null)[] | undefined;
  conversationId?: string | undefined;
  importKind?: string | undefined;
}): Names {
  const out: { -readonly [K in keyof Names]: Names[K] } = {};
  if (found.name?.trim()) out.name = auditName(found.name);
  // A key, compared with the call's: kept as it is.
  if (found.status) out.status = found.status;
  if (found.stage?.trim()) out.stage = auditName(found.stage);
  const tags = found.tags?.filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  if (tags && tags.length > 0) out.tags = tags.slice(0, 50).map(auditName);
  if (found.conversationId) out.conversationId = found.conversationId;
  if (found.importKind) out.importKind = auditName(found.importKind);
  return out;
}
