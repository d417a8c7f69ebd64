import { describe, expect, it } from 'vitest';
import { LiveEvent } from '../../contract';
import { at, contact, conversation, lead, message, stage } from '../testing/live-records';
import { applyEvent, mergePage } from './apply-event';
import { ReadModel, TOUCH_MEMORY_MS } from './read-model';

const apply = (model: ReadModel, event: LiveEvent, now = 1000) => {
  // Every event the tests apply is one the stream could carry.
  expect(LiveEvent.safeParse(event).success).toBe(true);
  applyEvent(model, event, now);
};

describe('applyEvent', () => {
  it('upserts conversations and lists them newest first', () => {
    const model = new ReadModel();
    apply(model, { type: 'conversation.upserted', conversation: conversation(1) });
    apply(model, { type: 'conversation.upserted', conversation: conversation(3) });
    apply(model, { type: 'conversation.upserted', conversation: conversation(2) });
    expect(model.conversationsNewestFirst().map((c) => c.last_message_at)).toEqual([at(3), at(2), at(1)]);
    expect(model.conversation(conversation(2).id)?.status).toBe('open');
  });

  it('never replaces a record with one whose updated_at is older', () => {
    const model = new ReadModel();
    const fresh = conversation(1, { status: 'closed', updated_at: at(50) });
    apply(model, { type: 'conversation.upserted', conversation: fresh });
    apply(model, { type: 'conversation.upserted', conversation: conversation(1, { updated_at: at(10) }) });
    expect(model.conversation(fresh.id)?.status).toBe('closed');
    apply(model, { type: 'conversation.upserted', conversation: { ...fresh, status: 'open' } });
    expect(model.conversation(fresh.id)?.status).toBe('open');
  });

  it('keeps a removed id removed, so a late upsert does not bring it back', () => {
    const model = new ReadModel();
    const l = lead(1);
    apply(model, { type: 'lead.upserted', lead: l });
    apply(model, { type: 'lead.removed', id: l.id });
    apply(model, { type: 'lead.upserted', lead: { ...l, updated_at: at(99) } });
    expect(model.lead(l.id)).toBeUndefined();
    model.prune(1000 + TOUCH_MEMORY_MS + 1);
    expect(model.removed.size).toBe(0);
  });

  it('merges messages into the newest page, oldest first, capped at the page size', () => {
    const model = new ReadModel(3);
    const id = conversation(1).id;
    apply(model, { type: 'messages.upserted', conversationId: id, messages: [message(1, 1), message(1, 2)] });
    apply(model, { type: 'messages.upserted', conversationId: id, messages: [message(1, 3), message(1, 4)] });
    expect(model.messagesOf(id)?.map((m) => m.text)).toEqual(['message 2', 'message 3', 'message 4']);
  });

  it('moves a tick forward but never back', () => {
    const model = new ReadModel();
    const id = conversation(1).id;
    const sent = message(1, 1, { direction: 'outbound', from_me: true, status: 'sent' });
    apply(model, { type: 'messages.upserted', conversationId: id, messages: [sent] });
    apply(model, { type: 'messages.upserted', conversationId: id, messages: [{ ...sent, status: 'read' }] });
    apply(model, {
      type: 'messages.upserted',
      conversationId: id,
      messages: [{ ...sent, status: 'delivered' }],
    });
    expect(model.messagesOf(id)?.[0]?.status).toBe('read');
  });

  it('replaces the page when the event says the read left a gap', () => {
    const model = new ReadModel();
    const id = conversation(1).id;
    apply(model, { type: 'messages.upserted', conversationId: id, messages: [message(1, 1)] });
    apply(model, { type: 'messages.upserted', conversationId: id, messages: [message(1, 40)], gap: true });
    expect(model.messagesOf(id)?.map((m) => m.text)).toEqual(['message 40']);
  });

  it('drops a removed conversation with its messages', () => {
    const model = new ReadModel();
    const c = conversation(1);
    apply(model, { type: 'conversation.upserted', conversation: c });
    apply(model, { type: 'messages.upserted', conversationId: c.id, messages: [message(1, 1)] });
    apply(model, { type: 'conversation.removed', id: c.id });
    expect(model.conversation(c.id)).toBeUndefined();
    expect(model.messagesOf(c.id)).toBeUndefined();
  });

  it('replaces whole lists and answers board queries from them', () => {
    const model = new ReadModel();
    apply(model, { type: 'leadStages.replaced', stages: [stage(1, 'won'), stage(0, 'new')] });
    apply(model, { type: 'lead.upserted', lead: lead(1) });
    apply(model, { type: 'lead.upserted', lead: lead(2, { status: 'won' }) });
    apply(model, { type: 'lead.upserted', lead: lead(3) });
    expect(model.stages().map((s) => s.key)).toEqual(['new', 'won']);
    expect(model.leadsByStage('new').map((l) => l.name)).toEqual(['Lead 3', 'Lead 1']);
  });

  it('lists a customer’s contacts primary first', () => {
    const model = new ReadModel();
    apply(model, { type: 'contact.upserted', contact: contact(1, 7) });
    apply(model, { type: 'contact.upserted', contact: contact(2, 7, { is_primary: true }) });
    apply(model, { type: 'contact.upserted', contact: contact(3, 8) });
    expect(model.contactsOf(contact(1, 7).customer_id).map((c) => c.first_name)).toEqual([
      'Person 2',
      'Person 1',
    ]);
    apply(model, { type: 'contact.removed', id: contact(2, 7).id });
    expect(model.contactsOf(contact(1, 7).customer_id)).toHaveLength(1);
  });

  it('keeps the upstream state and marks the first load done on a restart resync', () => {
    const model = new ReadModel();
    apply(model, { type: 'upstream.status', state: 'unreachable', since: at(5) });
    expect(model.upstream).toEqual({ state: 'unreachable', since: at(5) });
    apply(model, { type: 'resync', reason: 'gap' });
    expect(model.loaded.size).toBe(0);
    apply(model, { type: 'resync', reason: 'restart' });
    expect([...model.loaded].sort()).toEqual(['conversations', 'customers', 'leads']);
  });

  it('remembers when it changed what, for the sync to tell a stale read', () => {
    const model = new ReadModel();
    apply(model, { type: 'lead.upserted', lead: lead(1) }, 500);
    expect(model.touchedAfter(`lead:${lead(1).id}`, 400)).toBe(true);
    expect(model.touchedAfter(`lead:${lead(1).id}`, 500)).toBe(false);
    expect(model.touchedAfter(`lead:${lead(2).id}`, 0)).toBe(false);
  });
});

describe('mergePage', () => {
  it('keeps messages of the same millisecond in the order they came', () => {
    const same = at(1);
    const page = mergePage(
      [],
      [message(1, 1, { created_at: same }), message(1, 2, { created_at: same })],
      20,
    );
    expect(page.map((m) => m.text)).toEqual(['message 1', 'message 2']);
  });
});

describe('follow-up flags', () => {
  it('are raised by a logged follow-up activity, set by lead.followUp, and go with a removed lead', () => {
    const model = new ReadModel();
    const l = lead(1);
    apply(model, { type: 'lead.upserted', lead: l });
    const activity = { id: lead(9).id, activity_type: 'call' as const, created_at: at(1) };
    apply(model, { type: 'activity.created', activity: { ...activity, outcome: 'completed' }, leadId: l.id });
    expect(model.followUps.has(l.id)).toBe(false);
    apply(model, {
      type: 'activity.created',
      activity: { ...activity, outcome: 'follow_up_needed' },
      leadId: l.id,
    });
    expect(model.followUps.has(l.id)).toBe(true);
    apply(model, { type: 'lead.followUp', id: l.id, followUp: false });
    expect(model.followUps.has(l.id)).toBe(false);
    apply(model, { type: 'lead.followUp', id: l.id, followUp: true });
    apply(model, { type: 'lead.removed', id: l.id });
    expect(model.followUps.has(l.id)).toBe(false);
    // A removed lead is not flagged again by a late read.
    apply(model, { type: 'lead.followUp', id: l.id, followUp: true });
    expect(model.followUps.has(l.id)).toBe(false);
  });
});
