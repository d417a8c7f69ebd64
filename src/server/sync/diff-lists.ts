import type { Channel, LeadStage, LiveEvent, MessagePage, QuickReply, Tag, Template } from '../../contract';
import { laterMessage } from './apply-event';
import type { Outgoing } from './diff-records';
import type { ListName, ReadModel } from './read-model';
import { sameRecord } from './same-record';

// Change detection for lists sent whole (stages, tags, channels, quick replies, templates) and for a
// thread's newest page of messages. Pure, like diff-records.ts.

type ListRead =
  | { name: 'stages'; items: LeadStage[] }
  | { name: 'tags'; items: Tag[] }
  | { name: 'channels'; items: Channel[] }
  | { name: 'quickReplies'; items: QuickReply[] };

const replaced = (read: ListRead): LiveEvent => {
  switch (read.name) {
    case 'stages':
      return { type: 'leadStages.replaced', stages: read.items };
    case 'tags':
      return { type: 'tags.replaced', tags: read.items };
    case 'channels':
      return { type: 'channels.replaced', channels: read.items };
    case 'quickReplies':
      return { type: 'quickReplies.replaced', quickReplies: read.items };
  }
};

/** The whole list again when it differs from the model's, unless a change since the read began knows better. */
export function diffList(model: ReadModel, read: ListRead, startedAt: number): Outgoing[] {
  const name: ListName = read.name;
  if (model.touchedAfter(`list:${name}`, startedAt)) return [];
  const held = model.lists[name];
  if (held !== null && sameRecord(held, read.items)) return [];
  return [{ event: replaced(read) }];
}

export function diffTemplates(
  model: ReadModel,
  channelId: string,
  templates: Template[],
  startedAt: number,
): Outgoing[] {
  if (model.touchedAfter(`templates:${channelId}`, startedAt)) return [];
  const held = model.templatesOf(channelId);
  if (held !== undefined && sameRecord(held, templates)) return [];
  return [{ event: { type: 'templates.replaced', channelId, templates } }];
}

/**
 * New or changed messages of a thread's newest page, oldest first. A read older than the model's
 * page adds nothing (known messages, ticks never go back), so no staleness check is needed. `gap`
 * when the page does not reach back to what the model held.
 */
export function diffMessages(
  model: ReadModel,
  conversationId: string,
  page: MessagePage,
  modelOnly = false,
): Outgoing[] {
  const held = model.messagesOf(conversationId) ?? [];
  const heldById = new Map(held.map((m) => [m.id, m]));
  const oldestFirst = [...page.data].reverse();
  const changed = oldestFirst.flatMap((m) => {
    const before = heldById.get(m.id);
    const next = laterMessage(before, m);
    return before !== undefined && sameRecord(before, next) ? [] : [next];
  });
  const newestHeld = held.at(-1);
  const oldestRead = oldestFirst[0];
  const gap =
    newestHeld !== undefined &&
    oldestRead !== undefined &&
    page.hasMore &&
    !oldestFirst.some((m) => heldById.has(m.id)) &&
    Date.parse(oldestRead.created_at) > Date.parse(newestHeld.created_at);
  if (changed.length === 0 && !gap) return [];
  const event: LiveEvent = {
    type: 'messages.upserted',
    conversationId,
    messages: gap ? oldestFirst : changed,
    ...(gap ? { gap } : {}),
  };
  return [{ event, ...(modelOnly ? { modelOnly } : {}) }];
}
