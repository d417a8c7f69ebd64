import type { LiveEvent } from '../../contract';
import { recordAuthors } from '../authors/message-authors';
import { CONTACTS, CONVERSATIONS, CUSTOMERS, LEADS } from './record-kinds';
import {
  mergeMessages,
  removeRecord,
  replaceList,
  replaceTemplates,
  setFollowUp,
  setMeta,
  upsertRecords,
  type WorkspaceDb,
} from './workspace-writer';

// A change the BFF learned as an event (its own write's answer, a read-through) written to the
// workspace tables before it is published. Answers whether the tables changed: an echo of what is
// already stored tells no browser anything.

export interface EventWrite {
  readonly now: number;
  /** When the read behind the event began (its own clock); `now` for a write's own answer. */
  readonly startedAt?: number;
  /** A quiet load (no browser is told): outbound messages are not timed from now. */
  readonly quiet?: boolean;
}

/** A removal is always told: a browser may hold what the tables had already forgotten. */
const removed = async (done: Promise<boolean>): Promise<true> => {
  await done;
  return true;
};

export async function applyToWorkspace(
  db: WorkspaceDb,
  event: LiveEvent,
  write: EventWrite,
): Promise<boolean> {
  const now = write.now;
  const at = { startedAt: write.startedAt ?? now, now };
  switch (event.type) {
    case 'conversation.upserted':
      return (await upsertRecords(db, CONVERSATIONS, [event.conversation], at)).length > 0;
    case 'conversation.removed':
      return removed(removeRecord(db, CONVERSATIONS, event.id, now));
    case 'messages.upserted':
      return (
        (await mergeMessages(db, event.conversationId, event.messages, { now, seen: write.quiet !== true }))
          .length > 0 || event.gap === true
      );
    case 'messages.authored':
      // The team's own record of who sent what, kept beside the messages it names.
      return recordAuthors(db, event.conversationId, event.authors);
    case 'lead.upserted':
      return (await upsertRecords(db, LEADS, [event.lead], at)).length > 0;
    case 'lead.removed':
      return removed(removeRecord(db, LEADS, event.id, now));
    case 'lead.followUp':
      return setFollowUp(db, event.id, event.followUp, { now });
    case 'customer.upserted':
      return (await upsertRecords(db, CUSTOMERS, [event.customer], at)).length > 0;
    case 'customer.removed':
      return removed(removeRecord(db, CUSTOMERS, event.id, now));
    case 'contact.upserted':
      return (await upsertRecords(db, CONTACTS, [event.contact], at)).length > 0;
    case 'contact.removed':
      return removed(removeRecord(db, CONTACTS, event.id, now));
    case 'leadStages.replaced':
      return replaceList(db, 'stages', event.stages, at);
    case 'tags.replaced':
      return replaceList(db, 'tags', event.tags, at);
    case 'quickReplies.replaced':
      return replaceList(db, 'quickReplies', event.quickReplies, at);
    case 'channels.replaced':
      return replaceList(db, 'channels', event.channels, at);
    case 'templates.replaced':
      return replaceTemplates(db, event.channelId, event.templates, at);
    case 'upstream.status':
      await setMeta(db, 'upstream', { state: event.state, since: event.since });
      return true;
    case 'activity.created':
      // Only the follow-up flag an activity may raise on its lead is kept.
      if (event.leadId && event.activity.outcome === 'follow_up_needed')
        return setFollowUp(db, event.leadId, true, { now });
      return true;
    case 'resync':
    case 'readState.changed':
    case 'note.created':
    case 'scheduled.changed':
    case 'mention.created':
    case 'reminder.due':
    case 'presence.changed':
    case 'bulk.progress':
    case 'availability.changed':
    case 'labels.replaced':
    case 'conversation.labels':
    case 'views.changed':
    case 'sla.changed':
    case 'sla.breached':
    case 'assignment.changed':
      // Nothing of the upstream's workspace: the team's own data, or a word to browsers.
      return true;
  }
}

type Batched = 'conversation.upserted' | 'lead.upserted' | 'customer.upserted' | 'contact.upserted';
const BATCHED: Readonly<Record<Batched, true>> = {
  'conversation.upserted': true,
  'lead.upserted': true,
  'customer.upserted': true,
  'contact.upserted': true,
};

/**
 * Many events in order, upserts of one kind that follow each other written in one statement (a
 * first load is one event per record). Answers, per event, whether the tables changed.
 */
export async function applyAllToWorkspace(
  db: WorkspaceDb,
  events: readonly { readonly event: LiveEvent; readonly quiet?: boolean }[],
  write: Omit<EventWrite, 'quiet'>,
): Promise<boolean[]> {
  const changed: boolean[] = [];
  let i = 0;
  while (i < events.length) {
    const first = events[i]!.event;
    if (!(first.type in BATCHED)) {
      changed.push(await applyToWorkspace(db, first, { ...write, quiet: events[i]!.quiet === true }));
      i++;
      continue;
    }
    let end = i;
    while (end < events.length && events[end]!.event.type === first.type) end++;
    const run = events.slice(i, end).map((e) => e.event);
    const at = { startedAt: write.startedAt ?? write.now, now: write.now };
    const ids = await upsertRun(db, run, at);
    for (const e of run) changed.push(ids.has(recordOf(e).id));
    i = end;
  }
  return changed;
}

const recordOf = (event: LiveEvent): { id: string } => {
  switch (event.type) {
    case 'conversation.upserted':
      return event.conversation;
    case 'lead.upserted':
      return event.lead;
    case 'customer.upserted':
      return event.customer;
    case 'contact.upserted':
      return event.contact;
    default:
      throw new Error(`not a record upsert: ${event.type}`);
  }
};

async function upsertRun(
  db: WorkspaceDb,
  run: readonly LiveEvent[],
  at: { startedAt: number; now: number },
): Promise<Set<string>> {
  const ids = (records: readonly { id: string }[]) => new Set(records.map((r) => r.id));
  const of = <T>(pick: (e: LiveEvent) => T | undefined): T[] =>
    run.flatMap((e) => {
      const r = pick(e);
      return r === undefined ? [] : [r];
    });
  switch (run[0]?.type) {
    case 'conversation.upserted':
      return ids(
        await upsertRecords(
          db,
          CONVERSATIONS,
          of((e) => (e.type === 'conversation.upserted' ? e.conversation : undefined)),
          at,
        ),
      );
    case 'lead.upserted':
      return ids(
        await upsertRecords(
          db,
          LEADS,
          of((e) => (e.type === 'lead.upserted' ? e.lead : undefined)),
          at,
        ),
      );
    case 'customer.upserted':
      return ids(
        await upsertRecords(
          db,
          CUSTOMERS,
          of((e) => (e.type === 'customer.upserted' ? e.customer : undefined)),
          at,
        ),
      );
    default:
      return ids(
        await upsertRecords(
          db,
          CONTACTS,
          of((e) => (e.type === 'contact.upserted' ? e.contact : undefined)),
          at,
        ),
      );
  }
}
