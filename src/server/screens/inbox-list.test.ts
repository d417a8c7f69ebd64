import { describe, expect, it } from 'vitest';
import { InboxScreenPage } from '../../contract/routes/screens-inbox';
import { ReadModel } from '../sync/read-model';
import { contact, conversation, message, uuid } from '../testing/live-records';
import { inboxListOf } from './inbox-list';

function workspace() {
  const model = new ReadModel(3);
  const ana = uuid(1, 'a0a0a0a0');
  const sofia = contact(1, 1, { first_name: 'Sofia', last_name: 'Moreau' });
  model.contacts.set(sofia.id, sofia);
  const threads = [
    conversation(1, { contact_id: sofia.id, assigned_to_user_id: ana }),
    conversation(2, { status: 'closed' }),
    conversation(3, { is_group: true, group_subject: 'Porto launch' }),
    conversation(4),
  ];
  for (const t of threads) model.conversations.set(t.id, t);
  model.messages.set(threads[0]!.id, [
    message(1, 1, { direction: 'inbound', text: 'Do you ship to Porto?' }),
    message(1, 2, { direction: 'outbound', from_me: true, text: 'Yes, in 2 days' }),
  ]);
  // A full page with no inbound message: the window is unknown from it.
  model.messages.set(
    threads[3]!.id,
    [1, 2, 3].map((n) => message(4, n, { direction: 'outbound', text: `out ${n}` })),
  );
  return { model, ana, threads };
}

describe('inboxListOf', () => {
  it('lists threads newest first with a true total and paging', () => {
    const { model, threads } = workspace();
    const first = inboxListOf(model, { limit: 3 });
    expect(InboxScreenPage.safeParse(first).success).toBe(true);
    expect(first.rows.map((r) => r.conversation.id)).toEqual([
      threads[3]!.id,
      threads[2]!.id,
      threads[1]!.id,
    ]);
    expect(first).toMatchObject({ total: 4, hasMore: true });
    const next = inboxListOf(model, { limit: 3, offset: 3 });
    expect(next.rows.map((r) => r.conversation.id)).toEqual([threads[0]!.id]);
    expect(next.hasMore).toBe(false);
  });

  it('gives each row its contact, its newest and newest inbound message, and whether older ones matter', () => {
    const { model, threads } = workspace();
    const rows = new Map(inboxListOf(model, {}).rows.map((r) => [r.conversation.id, r]));
    const sofia = rows.get(threads[0]!.id)!;
    expect(sofia.contact?.first_name).toBe('Sofia');
    expect(sofia.messages.map((m) => m.text)).toEqual(['Yes, in 2 days', 'Do you ship to Porto?']);
    expect(sofia).toMatchObject({ hasOlder: false, loaded: true });
    expect(rows.get(threads[3]!.id)).toMatchObject({ hasOlder: true, loaded: true });
    expect(rows.get(threads[3]!.id)!.messages.map((m) => m.text)).toEqual(['out 3']);
    expect(rows.get(threads[1]!.id)).toMatchObject({ messages: [], loaded: false, contact: null });
  });

  it('filters as the upstream does: status, owner (an id or none), channel, and search', () => {
    const { model, ana, threads } = workspace();
    const ids = (query: Parameters<typeof inboxListOf>[1]) =>
      inboxListOf(model, query).rows.map((r) => r.conversation.id);
    expect(ids({ status: 'closed' })).toEqual([threads[1]!.id]);
    expect(ids({ assignedTo: ana })).toEqual([threads[0]!.id]);
    expect(ids({ assignedTo: 'none' })).toHaveLength(3);
    expect(ids({ search: 'moreau' })).toEqual([threads[0]!.id]);
    expect(ids({ search: 'PORTO' })).toEqual([threads[2]!.id]);
    expect(ids({ search: 'in 2 days' })).toEqual([threads[0]!.id]);
    expect(ids({ search: threads[1]!.external_thread_id })).toEqual([threads[1]!.id]);
    expect(inboxListOf(model, { search: 'nobody' })).toMatchObject({ rows: [], total: 0, hasMore: false });
  });

  it('finds a thread by the name its row shows: the one the contact gave in an older message', () => {
    const { model, threads } = workspace();
    // No CRM contact: the row is named after the contact's own messages; the newest is a reply.
    model.messages.set(threads[1]!.id, [
      message(2, 1, { direction: 'inbound', sender_name: 'Ethan Khan', text: 'Hello' }),
      message(2, 2, { direction: 'outbound', from_me: true, text: 'Hi Ethan' }),
      message(2, 3, { direction: 'outbound', from_me: true, text: 'Anything else?' }),
    ]);
    expect(model.threadName(threads[1]!)).toBe('Ethan Khan');
    const ids = (search: string) => inboxListOf(model, { search }).rows.map((r) => r.conversation.id);
    expect(ids('ethan khan')).toEqual([threads[1]!.id]);
    expect(ids('Khan')).toEqual([threads[1]!.id]);
  });
});
