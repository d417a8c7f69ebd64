import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contract';
import { at, contact, conversation, lead, message, quickReply, stage } from '../testing/live-records';
import { applyEvent } from './apply-event';
import { diffList, diffMessages, diffTemplates } from './diff-lists';
import { diffRecords, heldIds, RECORD_KINDS } from './diff-records';
import { ReadModel } from './read-model';

const modelWith = (events: LiveEvent[], now = 100): ReadModel => {
  const model = new ReadModel();
  for (const e of events) applyEvent(model, e, now);
  return model;
};
const types = (out: { event: LiveEvent }[]) => out.map((o) => o.event.type);

describe('diffRecords', () => {
  it('upserts what is new or changed and nothing that is the same', () => {
    const model = modelWith([
      { type: 'lead.upserted', lead: lead(1) },
      { type: 'lead.upserted', lead: lead(2) },
    ]);
    const out = diffRecords(model, RECORD_KINDS.lead, {
      records: [lead(1), lead(2, { status: 'won', updated_at: at(50) }), lead(3)],
      startedAt: 200,
    });
    expect(out.map((o) => o.event)).toEqual([
      { type: 'lead.upserted', lead: lead(2, { status: 'won', updated_at: at(50) }) },
      { type: 'lead.upserted', lead: lead(3) },
    ]);
  });

  it('removes on a full read only what was held when it started and is no longer returned', () => {
    const model = modelWith([
      { type: 'lead.upserted', lead: lead(1) },
      { type: 'lead.upserted', lead: lead(2) },
    ]);
    const heldAtStart = heldIds(model, RECORD_KINDS.lead);
    // Created while the sweep ran (through the BFF): not in heldAtStart, so not removed.
    applyEvent(model, { type: 'lead.upserted', lead: lead(9) }, 150);
    const out = diffRecords(model, RECORD_KINDS.lead, {
      records: [lead(1)],
      startedAt: 120,
      full: { heldAtStart },
    });
    expect(out.map((o) => o.event)).toEqual([{ type: 'lead.removed', id: lead(2).id }]);
    // Without `full`, a missing record is not a removal.
    expect(diffRecords(model, RECORD_KINDS.lead, { records: [lead(1)], startedAt: 120 })).toEqual([]);
  });

  it('drops what a change applied after the read began knows better, and never resurrects a removal', () => {
    const model = modelWith([{ type: 'lead.upserted', lead: lead(1) }], 100);
    applyEvent(model, { type: 'lead.upserted', lead: lead(1, { status: 'won' }) }, 300);
    applyEvent(model, { type: 'lead.upserted', lead: lead(2) }, 100);
    applyEvent(model, { type: 'lead.removed', id: lead(2).id }, 300);
    const read = { records: [lead(1), lead(2)], startedAt: 200 };
    expect(diffRecords(model, RECORD_KINDS.lead, read)).toEqual([]);
    // A read that began after the write is believed.
    expect(types(diffRecords(model, RECORD_KINDS.lead, { ...read, startedAt: 400 }))).toEqual([
      'lead.upserted',
    ]);
  });

  it('never sends a record whose updated_at is older than the held one', () => {
    const model = modelWith([
      { type: 'conversation.upserted', conversation: conversation(1, { updated_at: at(9) }) },
    ]);
    const stale = conversation(1, { status: 'closed', updated_at: at(5) });
    expect(diffRecords(model, RECORD_KINDS.conversation, { records: [stale], startedAt: 500 })).toEqual([]);
  });

  it('marks a cold load model-only, and scopes a contact sweep to one customer', () => {
    const model = modelWith([
      { type: 'contact.upserted', contact: contact(1, 7) },
      { type: 'contact.upserted', contact: contact(2, 8) },
    ]);
    const customerId = contact(1, 7).customer_id;
    const heldAtStart = heldIds(model, RECORD_KINDS.contact, (c) => c.customer_id === customerId);
    const out = diffRecords(model, RECORD_KINDS.contact, {
      records: [contact(3, 7)],
      startedAt: 200,
      full: { heldAtStart },
    });
    expect(out.map((o) => o.event)).toEqual([
      { type: 'contact.upserted', contact: contact(3, 7) },
      { type: 'contact.removed', id: contact(1, 7).id },
    ]);
    const cold = diffRecords(new ReadModel(), RECORD_KINDS.lead, {
      records: [lead(1)],
      startedAt: 0,
      cold: true,
    });
    expect(cold).toEqual([{ event: { type: 'lead.upserted', lead: lead(1) }, modelOnly: true }]);
  });
});

describe('diffList and diffTemplates', () => {
  it('sends the whole list when it differs, nothing when it is the same', () => {
    const model = modelWith([{ type: 'leadStages.replaced', stages: [stage(0, 'new'), stage(1, 'won')] }]);
    expect(diffList(model, { name: 'stages', items: [stage(0, 'new'), stage(1, 'won')] }, 200)).toEqual([]);
    const renamed = [stage(0, 'new'), stage(1, 'won', { name: 'Closed won' })];
    expect(diffList(model, { name: 'stages', items: renamed }, 200)).toEqual([
      { event: { type: 'leadStages.replaced', stages: renamed } },
    ]);
    // A first read of a list the model never held is a change too (one event, so not model-only).
    expect(types(diffList(new ReadModel(), { name: 'quickReplies', items: [quickReply(1)] }, 0))).toEqual([
      'quickReplies.replaced',
    ]);
  });

  it('drops a list read that began before a change the model applied', () => {
    const model = modelWith([{ type: 'quickReplies.replaced', quickReplies: [quickReply(1)] }], 300);
    expect(diffList(model, { name: 'quickReplies', items: [] }, 200)).toEqual([]);
    const channelId = conversation(1).id;
    applyEvent(model, { type: 'templates.replaced', channelId, templates: [] }, 300);
    expect(diffTemplates(model, channelId, [], 400)).toEqual([]);
    const template = {
      name: 'hello',
      language: 'en',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [],
    };
    expect(diffTemplates(model, channelId, [template], 200)).toEqual([]);
    expect(types(diffTemplates(model, channelId, [template], 400))).toEqual(['templates.replaced']);
  });
});

describe('diffMessages', () => {
  const id = conversation(1).id;
  const newestFirst = (...ns: number[]) => ns.map((n) => message(1, n));

  it('sends new messages oldest first and nothing when the page is known', () => {
    const model = modelWith([{ type: 'messages.upserted', conversationId: id, messages: newestFirst(1, 2) }]);
    const out = diffMessages(model, id, {
      data: [message(1, 4), message(1, 3), message(1, 2)],
      hasMore: true,
    });
    expect(out).toEqual([
      { event: { type: 'messages.upserted', conversationId: id, messages: [message(1, 3), message(1, 4)] } },
    ]);
    expect(diffMessages(model, id, { data: [message(1, 2), message(1, 1)], hasMore: false })).toEqual([]);
  });

  it('sends a message whose tick moved, but never one whose tick went back', () => {
    const sent = message(1, 1, { direction: 'outbound', from_me: true, status: 'sent' });
    const model = modelWith([{ type: 'messages.upserted', conversationId: id, messages: [sent] }]);
    const read = diffMessages(model, id, { data: [{ ...sent, status: 'read' }], hasMore: false });
    expect(read.map((o) => o.event)).toEqual([
      { type: 'messages.upserted', conversationId: id, messages: [{ ...sent, status: 'read' }] },
    ]);
    expect(diffMessages(model, id, { data: [{ ...sent, status: 'pending' }], hasMore: false })).toEqual([]);
  });

  it('flags a gap when the page does not reach back to what was held', () => {
    const model = modelWith([{ type: 'messages.upserted', conversationId: id, messages: newestFirst(1, 2) }]);
    const out = diffMessages(model, id, { data: [message(1, 30), message(1, 29)], hasMore: true });
    expect(out[0]?.event).toEqual({
      type: 'messages.upserted',
      conversationId: id,
      messages: [message(1, 29), message(1, 30)],
      gap: true,
    });
  });

  it('marks a back-fill model-only', () => {
    expect(
      diffMessages(new ReadModel(), id, { data: [message(1, 1)], hasMore: false }, true)[0]?.modelOnly,
    ).toBe(true);
  });
});
