import type { LiveEvent, Message, MessageStatus } from '../../contract';
import type { ReadModel, TouchKey } from './read-model';

// The one way the read model changes: the syncing instance and every follower apply what the bus
// delivers, in bus order, with this function. Deterministic and without I/O (`now` is the
// instance's clock, used only to remember when it changed what). Events may arrive out of the
// order their reads happened in (two instances publishing at once), so it never goes back: an
// older `updated_at` does not replace a newer one, a message status does not move backwards, and
// a removed id stays removed.

const STATUS_RANK: Readonly<Record<MessageStatus, number>> = {
  pending: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
};

const older = (next: { updated_at: string }, held: { updated_at: string } | undefined): boolean =>
  held !== undefined && Date.parse(next.updated_at) < Date.parse(held.updated_at);

/** A message as the model keeps it: a later read never moves its status back. */
export function laterMessage(held: Message | undefined, next: Message): Message {
  if (held === undefined) return next;
  return STATUS_RANK[next.status] < STATUS_RANK[held.status] ? { ...next, status: held.status } : next;
}

const chronological = (a: Message, b: Message) => Date.parse(a.created_at) - Date.parse(b.created_at);

/** Merges new or changed messages into a thread's newest page (oldest first, at most `size`). */
export function mergePage(
  held: readonly Message[] | undefined,
  incoming: readonly Message[],
  size: number,
  gap = false,
): Message[] {
  const byId = new Map<string, Message>();
  if (!gap) for (const m of held ?? []) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, laterMessage(byId.get(m.id), m));
  // A stable sort: messages of the same millisecond keep the order they came in.
  const page = [...byId.values()].sort(chronological);
  return page.length > size ? page.slice(page.length - size) : page;
}

function upsert<T extends { id: string; updated_at?: string }>(
  model: ReadModel,
  map: Map<string, T>,
  record: T,
  key: TouchKey,
  now: number,
): void {
  if (model.removed.has(record.id)) return;
  const held = map.get(record.id);
  if (record.updated_at !== undefined && held?.updated_at !== undefined) {
    if (older({ updated_at: record.updated_at }, { updated_at: held.updated_at })) return;
  }
  map.set(record.id, record);
  model.touch(key, now);
}

function remove(model: ReadModel, map: Map<string, unknown>, id: string, key: TouchKey, now: number): void {
  map.delete(id);
  model.removed.set(id, now);
  model.touch(key, now);
}

export function applyEvent(model: ReadModel, event: LiveEvent, now: number): void {
  switch (event.type) {
    case 'conversation.upserted':
      return upsert(
        model,
        model.conversations,
        event.conversation,
        `conversation:${event.conversation.id}`,
        now,
      );
    case 'conversation.removed':
      model.messages.delete(event.id);
      return remove(model, model.conversations, event.id, `conversation:${event.id}`, now);
    case 'messages.upserted': {
      const id = event.conversationId;
      if (model.removed.has(id)) return;
      model.messages.set(id, mergePage(model.messages.get(id), event.messages, model.pageSize, event.gap));
      return model.touch(`messages:${id}`, now);
    }
    case 'lead.upserted':
      return upsert(model, model.leads, event.lead, `lead:${event.lead.id}`, now);
    case 'lead.removed':
      model.followUps.delete(event.id);
      return remove(model, model.leads, event.id, `lead:${event.id}`, now);
    case 'lead.followUp':
      if (event.followUp && !model.removed.has(event.id)) model.followUps.add(event.id);
      else model.followUps.delete(event.id);
      return model.touch(`followUp:${event.id}`, now);
    case 'customer.upserted':
      return upsert(model, model.customers, event.customer, `customer:${event.customer.id}`, now);
    case 'customer.removed':
      return remove(model, model.customers, event.id, `customer:${event.id}`, now);
    case 'contact.upserted':
      return upsert(model, model.contacts, event.contact, `contact:${event.contact.id}`, now);
    case 'contact.removed':
      return remove(model, model.contacts, event.id, `contact:${event.id}`, now);
    case 'leadStages.replaced':
      model.lists.stages = event.stages;
      return model.touch('list:stages', now);
    case 'tags.replaced':
      model.lists.tags = event.tags;
      return model.touch('list:tags', now);
    case 'quickReplies.replaced':
      model.lists.quickReplies = event.quickReplies;
      return model.touch('list:quickReplies', now);
    case 'channels.replaced':
      model.lists.channels = event.channels;
      return model.touch('list:channels', now);
    case 'templates.replaced':
      model.templates.set(event.channelId, event.templates);
      return model.touch(`templates:${event.channelId}`, now);
    case 'upstream.status':
      model.upstream = { state: event.state, since: event.since };
      return;
    case 'readState.changed':
    case 'note.created':
    case 'mention.created':
    case 'presence.changed':
      // The team's own data (the BFF's database keeps it), nothing of the upstream's workspace.
      return;
    case 'resync':
      // The syncing instance says this once its first full read is done (docs/live-sync.md).
      if (event.reason === 'restart')
        for (const c of ['conversations', 'leads', 'customers'] as const) model.loaded.add(c);
      return;
    case 'activity.created':
      // The model keeps no activities, only the follow-up flag one may raise on its lead.
      if (event.leadId && event.activity.outcome === 'follow_up_needed') {
        model.followUps.add(event.leadId);
        model.touch(`followUp:${event.leadId}`, now);
      }
      return;
  }
}
