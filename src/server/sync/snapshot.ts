import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import * as z from 'zod/mini';
import {
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
import { ReadModel, type Collection } from './read-model';

// How a starting instance gets the model without reading the upstream: the lease holder writes its
// model with the id of the last bus event it reflects; a follower loads it and replays the bus
// from that id (docs/live-sync.md, "the follower's start"). Checked with the contract on the way
// in, like anything else that crosses a process boundary.

const SNAPSHOT_VERSION = 1;
const COLLECTIONS = [
  'conversations',
  'leads',
  'customers',
  'contacts',
] as const satisfies readonly Collection[];

const Snapshot = z.object({
  version: z.literal(SNAPSHOT_VERSION),
  /** The last bus event the model reflects; null before the first. */
  eventId: z.nullable(z.string()),
  pageSize: z.int(),
  conversations: z.array(Conversation),
  messages: z.array(z.tuple([z.string(), z.array(Message)])),
  leads: z.array(Lead),
  customers: z.array(Customer),
  contacts: z.array(Contact),
  templates: z.array(z.tuple([z.string(), z.array(Template)])),
  stages: z.nullable(z.array(LeadStage)),
  tags: z.nullable(z.array(Tag)),
  channels: z.nullable(z.array(Channel)),
  quickReplies: z.nullable(z.array(QuickReply)),
  upstream: z.object({ state: UpstreamState, since: z.string() }),
  loaded: z.array(z.enum(COLLECTIONS)),
  /** Leads flagged for follow-up; absent in snapshots written before the flags existed. */
  followUps: z.optional(z.array(z.string())),
});
export type Snapshot = z.infer<typeof Snapshot>;

export function toSnapshot(model: ReadModel, eventId: string | null): Snapshot {
  return {
    version: SNAPSHOT_VERSION,
    eventId,
    pageSize: model.pageSize,
    conversations: [...model.conversations.values()],
    messages: [...model.messages],
    leads: [...model.leads.values()],
    customers: [...model.customers.values()],
    contacts: [...model.contacts.values()],
    templates: [...model.templates],
    ...model.lists,
    upstream: model.upstream,
    loaded: [...model.loaded],
    followUps: [...model.followUps],
  };
}

/** A model holding what the snapshot holds. */
export function fromSnapshot(snapshot: Snapshot): ReadModel {
  const model = new ReadModel(snapshot.pageSize, snapshot.upstream.since);
  model.upstream = snapshot.upstream;
  for (const c of snapshot.conversations) model.conversations.set(c.id, c);
  for (const [id, page] of snapshot.messages) model.messages.set(id, page);
  for (const l of snapshot.leads) model.leads.set(l.id, l);
  for (const c of snapshot.customers) model.customers.set(c.id, c);
  for (const c of snapshot.contacts) model.contacts.set(c.id, c);
  for (const [id, templates] of snapshot.templates) model.templates.set(id, templates);
  model.lists.stages = snapshot.stages;
  model.lists.tags = snapshot.tags;
  model.lists.channels = snapshot.channels;
  model.lists.quickReplies = snapshot.quickReplies;
  for (const c of snapshot.loaded) model.loaded.add(c);
  for (const id of snapshot.followUps ?? []) model.followUps.add(id);
  return model;
}

export class RedisSnapshots {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async save(snapshot: Snapshot): Promise<void> {
    await this.redis.set(this.key, JSON.stringify(snapshot));
  }

  /** The newest snapshot, or null when there is none or it cannot be read (logged). */
  async load(): Promise<Snapshot | null> {
    const text = await this.redis.get(this.key);
    if (text === null) return null;
    try {
      const parsed = Snapshot.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
      this.log.warn({ key: this.key }, 'read model snapshot does not fit: ignored');
    } catch {
      this.log.warn({ key: this.key }, 'read model snapshot is not JSON: ignored');
    }
    return null;
  }
}
