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
import { conversationName } from '../../contract/thread-names';

// The workspace as the upstream last said it, in memory on every BFF instance. It changes only
// through applyEvent (apply-event.ts), in bus order, so every instance holds the same model. The
// query helpers are for later screen reads (board, inbox list, customer page) and for the sync's
// change detection.

/** Collections whose first full read is a load, not a change (docs/live-sync.md, "cold parts"). */
export type Collection = 'conversations' | 'leads' | 'customers' | 'contacts';
export type ListName = 'stages' | 'tags' | 'channels' | 'quickReplies';

/** What a record, a thread's messages or a list is called in `touched`. */
export type TouchKey =
  | `conversation:${string}`
  | `messages:${string}`
  | `lead:${string}`
  | `followUp:${string}`
  | `customer:${string}`
  | `contact:${string}`
  | `list:${ListName}`
  | `templates:${string}`;

export interface UpstreamStatus {
  readonly state: UpstreamState;
  readonly since: string;
}

/** How long a removed record's id stays refused and a change stays remembered. */
export const TOUCH_MEMORY_MS = 15 * 60_000;
/** The newest page of each thread, as the thread view's first paint reads it. */
export const MESSAGE_PAGE = 20;

const byTimeThenId = (a: string | null | undefined, b: string | null | undefined) =>
  (a ? Date.parse(a) : 0) - (b ? Date.parse(b) : 0);

export class ReadModel {
  readonly conversations = new Map<string, Conversation>();
  /** The newest page of each thread's messages, oldest first. */
  readonly messages = new Map<string, Message[]>();
  readonly leads = new Map<string, Lead>();
  readonly customers = new Map<string, Customer>();
  readonly contacts = new Map<string, Contact>();
  /** Templates of each primary-platform channel. */
  readonly templates = new Map<string, Template[]>();
  readonly lists: { -readonly [K in ListName]: ListOf<K> | null } = {
    stages: null,
    tags: null,
    channels: null,
    quickReplies: null,
  };
  /** Leads one of whose activities asks for a follow-up (outcome `follow_up_needed`, spec Part 2):
   *  the board's flags. Kept by the paced activity sweep and by activities logged through the BFF. */
  readonly followUps = new Set<string>();
  upstream: UpstreamStatus;
  /** Collections the syncing instance has read in full at least once. */
  readonly loaded = new Set<Collection>();
  /** Customers whose whole contact list this instance has read (the paced sweep, or a page's read-through). */
  readonly contactListsRead = new Set<string>();
  /**
   * When this instance first saw each outbound message in a change browsers saw (a send through
   * the BFF, a new message the sync found), by its own clock. A tick's age is judged by it as well
   * as by the message's `created_at`: the upstream's clock may not agree with ours.
   */
  readonly outboundSeenAt = new Map<string, number>();
  /** Removed ids, by when: a late upsert of one of them is refused. */
  readonly removed = new Map<string, number>();
  /** When this instance last applied a change to each record or list (its own clock; not shared). */
  private readonly touched = new Map<TouchKey, number>();

  constructor(
    readonly pageSize = MESSAGE_PAGE,
    since = new Date(0).toISOString(),
  ) {
    this.upstream = { state: 'ok', since };
  }

  touch(key: TouchKey, now: number): void {
    this.touched.set(key, now);
  }

  /** True when a change to `key` was applied after `since`: a read that started then is stale for it. */
  touchedAfter(key: TouchKey, since: number): boolean {
    const at = this.touched.get(key);
    return at !== undefined && at > since;
  }

  /** Forgets changes and removals older than TOUCH_MEMORY_MS, so neither grows without bound. */
  prune(now: number): void {
    for (const [key, at] of this.touched) if (now - at > TOUCH_MEMORY_MS) this.touched.delete(key);
    for (const [id, at] of this.removed) if (now - at > TOUCH_MEMORY_MS) this.removed.delete(id);
  }

  /** Takes over everything another model holds (a follower's snapshot), keeping this object. */
  replaceWith(other: ReadModel): void {
    const copy = <K, V>(to: Map<K, V>, from: ReadonlyMap<K, V>) => {
      to.clear();
      for (const [k, v] of from) to.set(k, v);
    };
    copy(this.conversations, other.conversations);
    copy(this.messages, other.messages);
    copy(this.leads, other.leads);
    copy(this.customers, other.customers);
    copy(this.contacts, other.contacts);
    copy(this.templates, other.templates);
    Object.assign(this.lists, other.lists);
    this.followUps.clear();
    for (const id of other.followUps) this.followUps.add(id);
    this.upstream = other.upstream;
    this.loaded.clear();
    for (const c of other.loaded) this.loaded.add(c);
    this.contactListsRead.clear();
    for (const id of other.contactListsRead) this.contactListsRead.add(id);
  }

  // Queries

  conversation(id: string): Conversation | undefined {
    return this.conversations.get(id);
  }

  /** As the upstream lists them: newest `last_message_at` first, then id. */
  conversationsNewestFirst(): Conversation[] {
    return [...this.conversations.values()].sort(
      (a, b) => byTimeThenId(b.last_message_at, a.last_message_at) || a.id.localeCompare(b.id),
    );
  }

  conversationByThreadId(externalThreadId: string): Conversation | undefined {
    for (const c of this.conversations.values()) if (c.external_thread_id === externalThreadId) return c;
    return undefined;
  }

  /** The newest page of a thread, oldest first; undefined when it was never read. */
  messagesOf(conversationId: string): readonly Message[] | undefined {
    return this.messages.get(conversationId);
  }

  lead(id: string): Lead | undefined {
    return this.leads.get(id);
  }

  /** A board column: the leads whose status is the stage key, newest first (the upstream's order). */
  leadsByStage(key: string): Lead[] {
    return [...this.leads.values()]
      .filter((l) => l.status === key)
      .sort((a, b) => byTimeThenId(b.created_at, a.created_at) || a.id.localeCompare(b.id));
  }

  /** Stages by position (then creation), as the board's columns. */
  stages(): LeadStage[] {
    return [...(this.lists.stages ?? [])].sort(
      (a, b) => a.position - b.position || byTimeThenId(a.created_at, b.created_at),
    );
  }

  customer(id: string): Customer | undefined {
    return this.customers.get(id);
  }

  contact(id: string): Contact | undefined {
    return this.contacts.get(id);
  }

  /** A customer's contacts, primary first (the upstream's order). */
  contactsOf(customerId: string): Contact[] {
    return [...this.contacts.values()]
      .filter((c) => c.customer_id === customerId)
      .sort((a, b) => Number(b.is_primary ?? false) - Number(a.is_primary ?? false));
  }

  /** Channels of the primary platform: the ones with templates. */
  primaryChannels(): Channel[] {
    return (this.lists.channels ?? []).filter((c) => c.platform === 'whatsapp');
  }

  /** What the thread is called, by decisions.md's rule (contact, latest sender, number; a group's subject). */
  threadName(conversation: Conversation): string {
    return conversationName(conversation, {
      contact: conversation.contact_id ? this.contacts.get(conversation.contact_id) : undefined,
      messages: this.messages.get(conversation.id) ?? [],
      platform: this.lists.channels?.find((c) => c.id === conversation.channel_id)?.platform,
    });
  }

  templatesOf(channelId: string): readonly Template[] | undefined {
    return this.templates.get(channelId);
  }
}

export type ListOf<K extends ListName> = K extends 'stages'
  ? LeadStage[]
  : K extends 'tags'
    ? Tag[]
    : K extends 'channels'
      ? Channel[]
      : QuickReply[];
