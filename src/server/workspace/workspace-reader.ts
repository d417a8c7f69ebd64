import { sql } from 'kysely';
import type {
  Channel,
  Contact,
  Conversation,
  Customer,
  Lead,
  LeadStage,
  Message,
  QuickReply,
  Tag,
  Template,
  UpstreamState,
} from '../../contract';
import { isContactThread, threadNumber } from '../../contract/contact-links';
import { conversationName } from '../../contract/thread-names';
import { containing } from '../store/like-pattern';
import { AuthorsRepository } from '../authors/message-authors';
import type { ListName, WorkspaceDb } from './workspace-writer';

// Reads of single records and small lists from the workspace tables (migration 0011). Screens
// with their own order, filters and paging keep their queries in their own rooms; these are the
// lookups every room shares. A tombstoned row is never answered.

/** The newest page of each thread, as the thread view's first paint reads it. */
export const MESSAGE_PAGE = 20;

/** Which collections had their first full read, and whether the stages were read. */
export interface Readiness {
  readonly loaded: ReadonlySet<string>;
  readonly stages: boolean;
}

export interface UpstreamStatus {
  readonly state: UpstreamState;
  readonly since: string;
}

type ListOf<K extends ListName> = K extends 'stages'
  ? LeadStage[]
  : K extends 'tags'
    ? Tag[]
    : K extends 'channels'
      ? Channel[]
      : QuickReply[];

export class WorkspaceReader {
  /** Who on the team sent which message: kept beside the messages, read with them. */
  readonly authors: AuthorsRepository;
  constructor(readonly db: WorkspaceDb) {
    this.authors = new AuthorsRepository(db);
  }

  async conversation(id: string): Promise<Conversation | undefined> {
    const row = await this.db
      .selectFrom('ws_conversations')
      .select('data')
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return row?.data;
  }

  /** A group's thread by the provider's group id. */
  async conversationByThreadId(externalThreadId: string): Promise<Conversation | undefined> {
    const row = await this.db
      .selectFrom('ws_conversations')
      .select('data')
      .where('external_thread_id', '=', externalThreadId)
      .where('removed_at', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    return row?.data;
  }

  /** The newest `limit` messages of a thread, oldest first; undefined when none was ever read. */
  async messagesOf(conversationId: string, limit = MESSAGE_PAGE): Promise<Message[] | undefined> {
    const rows = await this.db
      .selectFrom('ws_messages')
      .select('data')
      .where('conversation_id', '=', conversationId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.length === 0 ? undefined : rows.reverse().map((r) => r.data);
  }

  /** The newest `limit` messages of each of several threads, oldest first (a screen's rows). */
  async newestPages(
    conversationIds: readonly string[],
    limit = MESSAGE_PAGE,
  ): Promise<Map<string, Message[]>> {
    const pages = new Map<string, Message[]>();
    if (conversationIds.length === 0) return pages;
    const result = await sql<{ conversation_id: string; data: Message }>`
      select conversation_id, data from (
        select conversation_id, data, created_at, id,
          row_number() over (partition by conversation_id order by created_at desc, id desc) as n
        from ws_messages where conversation_id in (${sql.join([...new Set(conversationIds)])})
      ) newest where n <= ${limit} order by conversation_id, created_at, id`.execute(this.db);
    for (const row of result.rows) {
      const page = pages.get(row.conversation_id) ?? [];
      page.push(row.data);
      pages.set(row.conversation_id, page);
    }
    return pages;
  }

  /**
   * What each thread is called, by decisions.md's rule (the contact's name, the latest inbound
   * sender, the number; a group's subject), for several threads in three queries.
   */
  async threadNames(conversations: readonly Conversation[]): Promise<Map<string, string>> {
    const [contacts, pages, channels] = await Promise.all([
      this.contactsById(conversations.flatMap((c) => (c.contact_id ? [c.contact_id] : []))),
      this.newestPages(conversations.map((c) => c.id)),
      this.list('channels'),
    ]);
    const platformOf = new Map((channels ?? []).map((c) => [c.id, c.platform]));
    return new Map(
      conversations.map((c) => [
        c.id,
        conversationName(c, {
          contact: c.contact_id ? contacts.get(c.contact_id) : undefined,
          messages: pages.get(c.id) ?? [],
          platform: c.channel_id ? platformOf.get(c.channel_id) : undefined,
        }),
      ]),
    );
  }

  async lead(id: string): Promise<Lead | undefined> {
    return this.record('ws_leads', id) as Promise<Lead | undefined>;
  }

  async customer(id: string): Promise<Customer | undefined> {
    return this.record('ws_customers', id) as Promise<Customer | undefined>;
  }

  async contact(id: string): Promise<Contact | undefined> {
    return this.record('ws_contacts', id) as Promise<Contact | undefined>;
  }

  /**
   * The contact a one-to-one thread nobody linked belongs to: the one whose mobile (or phone) is the
   * thread's number (contact-links.ts). Candidates come by the trigram index on find_text (which
   * holds each number's digits); the rule decides. The oldest such contact when several share it.
   */
  async contactOnNumber(thread: Conversation): Promise<Contact | null> {
    if (thread.contact_id || thread.is_group) return null;
    // A contact's number is compared as E.164 digits: a thread on no such number has no contact.
    const digits = threadNumber(thread);
    if (digits === null) return null;
    const rows = await this.db
      .selectFrom('ws_contacts')
      .select('data')
      .where('removed_at', 'is', null)
      .where(sql<boolean>`find_text like ${containing(digits)}`)
      .orderBy('id')
      .limit(20)
      .execute();
    return (
      rows
        .map((r) => r.data)
        .filter((c) => isContactThread(c, thread))
        .sort((a, b) => a.created_at.localeCompare(b.created_at))[0] ?? null
    );
  }

  /** Several contacts at once (the rows of a screen). */
  async contactsById(ids: readonly string[]): Promise<Map<string, Contact>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('ws_contacts')
      .select(['id', 'data'])
      .where('id', 'in', [...new Set(ids)])
      .where('removed_at', 'is', null)
      .execute();
    return new Map(rows.map((r) => [r.id, r.data]));
  }

  /** Customers' names by id (a page of contacts shows its companies). */
  async customerNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('ws_customers')
      .select(['id', 'name'])
      .where('id', 'in', [...new Set(ids)])
      .where('removed_at', 'is', null)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** A customer's contacts, primary first (the upstream's order), then by id. */
  async contactsOf(customerId: string): Promise<Contact[]> {
    const rows = await this.db
      .selectFrom('ws_contacts')
      .select('data')
      .where('customer_id', '=', customerId)
      .where('removed_at', 'is', null)
      .orderBy('is_primary', 'desc')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.data);
  }

  /** A list sent whole; null when it was never read. */
  async list<K extends ListName>(name: K): Promise<ListOf<K> | null> {
    const row = await this.db
      .selectFrom('ws_lists')
      .select('data')
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? (row.data as ListOf<K>) : null;
  }

  /** Stages by position (then creation), as the board's columns. */
  async stages(): Promise<LeadStage[]> {
    const stages = (await this.list('stages')) ?? [];
    const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : 0);
    return [...stages].sort((a, b) => a.position - b.position || time(a.created_at) - time(b.created_at));
  }

  /** Channels of the primary platform: the ones with templates. */
  async primaryChannels(): Promise<Channel[]> {
    return ((await this.list('channels')) ?? []).filter((c) => c.platform === 'whatsapp');
  }

  async templatesOf(channelId: string): Promise<Template[] | undefined> {
    const row = await this.db
      .selectFrom('ws_templates')
      .select('data')
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return row?.data;
  }

  /** Which of these leads are flagged for a follow-up. */
  async followUpsAmong(leadIds: readonly string[]): Promise<Set<string>> {
    if (leadIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('ws_follow_ups')
      .select('lead_id')
      .where('lead_id', 'in', [...new Set(leadIds)])
      .where('follow_up', '=', true)
      .execute();
    return new Set(rows.map((r) => r.lead_id));
  }

  async meta<T>(key: string): Promise<T | undefined> {
    const row = await this.db.selectFrom('ws_meta').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value as T | undefined;
  }

  /** What screens need loaded before they can answer truly, in one query. */
  async readiness(): Promise<Readiness> {
    const result = await sql<{ loaded: unknown; stages: boolean }>`
      select (select value from ws_meta where key = 'loaded') as loaded,
        exists (select 1 from ws_lists where name = 'stages') as stages`.execute(this.db);
    const row = result.rows[0];
    return {
      loaded: new Set(Array.isArray(row?.loaded) ? (row.loaded as string[]) : []),
      stages: row?.stages === true,
    };
  }

  async upstream(): Promise<UpstreamStatus> {
    return (await this.meta<UpstreamStatus>('upstream')) ?? { state: 'ok', since: new Date(0).toISOString() };
  }

  private async record(table: 'ws_leads' | 'ws_customers' | 'ws_contacts', id: string): Promise<unknown> {
    const result = await sql<{ data: unknown }>`
      select data from ${sql.table(table)} where id = ${id} and removed_at is null`.execute(this.db);
    return result.rows[0]?.data;
  }
}
