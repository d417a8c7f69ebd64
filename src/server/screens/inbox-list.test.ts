import { sql } from 'kysely';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { InboxScreenPage } from '../../contract/routes/screens-inbox';
import type { TeamStore } from '../store/open-store';
import { contact, conversation, customer, lead, message, uuid } from '../testing/live-records';
import { describeOnEachStore } from '../testing/test-stores';
import { seedWorkspace } from '../testing/workspace-seed';
import { CONTACTS } from '../workspace/record-kinds';
import { MESSAGE_PAGE, WorkspaceReader } from '../workspace/workspace-reader';
import { mergeMessages, removeRecord, upsertRecords } from '../workspace/workspace-writer';
import { inboxListOf } from './inbox-list';
import { contactScreenOf, customerScreenOf } from './record-screens';
import { threadScreenOf } from './thread-screen';

// The inbox list, the thread screen and the record pages answered from the workspace tables, on
// both databases: the SQL of their filters, order, paging and search, and the search text the
// database keeps for each thread (migration 0013) as its contact, messages and record change.

const ana = uuid(1, 'a0a0a0a0');
const sofia = contact(1, 1, { first_name: 'Sofia', last_name: 'Moreau' });
const threads = [
  conversation(1, { contact_id: sofia.id, assigned_to_user_id: ana }),
  conversation(2, { status: 'closed' }),
  conversation(3, { is_group: true, group_subject: 'Porto launch', channel_id: uuid(9, 'c4a4c4a4') }),
  conversation(4),
];
const id = (n: number) => threads[n - 1]!.id;

describeOnEachStore('inbox, thread and record screens from the workspace tables', (suite) => {
  let store: TeamStore;
  let workspace: WorkspaceReader;
  const ids = async (query: Parameters<typeof inboxListOf>[1], ctx?: Parameters<typeof inboxListOf>[2]) =>
    (await inboxListOf(workspace, query, ctx)).rows.map((r) => r.conversation.id);

  beforeAll(async () => {
    store = await suite.openFresh();
    workspace = new WorkspaceReader(store.db);
  }, 60_000);
  beforeEach(async () => {
    for (const table of ['ws_messages', 'ws_conversations', 'ws_contacts', 'ws_customers', 'ws_leads'])
      await sql`delete from ${sql.table(table)}`.execute(store.db);
    await seedWorkspace(store.db, {
      conversations: threads,
      contacts: [sofia],
      messages: [
        message(1, 1, { direction: 'inbound', text: 'Do you ship to Porto?' }),
        message(1, 2, { direction: 'outbound', from_me: true, text: 'Yes, in 2 days' }),
        // A full page with no inbound message: the window is unknown from it.
        ...Array.from({ length: MESSAGE_PAGE }, (_, n) =>
          message(4, n + 1, { direction: 'outbound', from_me: true, text: `out ${n + 1}` }),
        ),
      ],
    });
  });

  it('lists threads newest first with a true total and paging', async () => {
    const first = await inboxListOf(workspace, { limit: 3 });
    expect(InboxScreenPage.safeParse(first).success).toBe(true);
    expect(first.rows.map((r) => r.conversation.id)).toEqual([id(4), id(3), id(2)]);
    expect(first).toMatchObject({ total: 4, hasMore: true });
    const next = await inboxListOf(workspace, { limit: 3, offset: 3 });
    expect(next.rows.map((r) => r.conversation.id)).toEqual([id(1)]);
    expect(next).toMatchObject({ total: 4, hasMore: false });
  });

  it('gives each row its contact, its newest and newest inbound message, and whether older ones matter', async () => {
    const rows = new Map((await inboxListOf(workspace, {})).rows.map((r) => [r.conversation.id, r]));
    const first = rows.get(id(1))!;
    expect(first.contact?.first_name).toBe('Sofia');
    expect(first.messages.map((m) => m.text)).toEqual(['Yes, in 2 days', 'Do you ship to Porto?']);
    expect(first).toMatchObject({ hasOlder: false, loaded: true });
    expect(rows.get(id(4))).toMatchObject({ hasOlder: true, loaded: true });
    expect(rows.get(id(4))!.messages.map((m) => m.text)).toEqual([`out ${MESSAGE_PAGE}`]);
    expect(rows.get(id(2))).toMatchObject({ messages: [], loaded: false, contact: null });
  });

  it('filters as the upstream does: status, owner (an id or none), channel, unread, and search', async () => {
    expect(await ids({ status: 'closed' })).toEqual([id(2)]);
    expect(await ids({ assignedTo: ana })).toEqual([id(1)]);
    expect(await ids({ assignedTo: 'none' })).toEqual([id(4), id(3), id(2)]);
    expect(await ids({ channelId: uuid(9, 'c4a4c4a4') })).toEqual([id(3)]);
    const unreadThreads = sql<{ conversation_id: string }>`(select ${id(2)}::text as conversation_id)`;
    expect(await ids({ unread: 'true' }, { unreadThreads })).toEqual([id(2)]);
    expect(await ids({ search: 'moreau' })).toEqual([id(1)]);
    expect(await ids({ search: ' PORTO ' })).toEqual([id(3)]);
    expect(await ids({ search: 'in 2 days' })).toEqual([id(1)]);
    expect(await ids({ search: threads[1]!.external_thread_id })).toEqual([id(2)]);
    // The number as the row shows it, with its plus.
    expect(await ids({ search: `+${threads[1]!.external_thread_id}` })).toEqual([id(2)]);
    expect(await inboxListOf(workspace, { search: 'nobody' })).toMatchObject({
      rows: [],
      total: 0,
      hasMore: false,
    });
    expect(await inboxListOf(workspace, { search: 'o', limit: 1 })).toMatchObject({
      total: 3,
      hasMore: true,
    });
  });

  it('takes what is typed literally: % and _ are no wildcards', async () => {
    expect(await ids({ search: '%' })).toEqual([]);
    expect(await ids({ search: 'in_2' })).toEqual([]);
    await seedWorkspace(store.db, { messages: [message(2, 1, { text: '100% in_2 days \\ ok' })] });
    expect(await ids({ search: '100%' })).toEqual([id(2)]);
    expect(await ids({ search: 'in_2' })).toEqual([id(2)]);
    expect(await ids({ search: '\\ ok' })).toEqual([id(2)]);
  });

  it('finds a thread with no CRM contact by the name its latest inbound sender gave', async () => {
    await seedWorkspace(store.db, {
      messages: [
        message(2, 1, { direction: 'inbound', sender_name: 'Rui Costa', text: 'Olá' }),
        message(2, 2, { direction: 'outbound', from_me: true, sender_name: null, text: 'Bom dia' }),
      ],
    });
    expect(await ids({ search: 'rui' })).toEqual([id(2)]);
    expect(await ids({ search: 'Rui Costa' })).toEqual([id(2)]);
  });

  it('finds a thread by the name its row shows: the one the contact gave in an older message', async () => {
    // No CRM contact: the row is named after the contact's own messages; the newest is a reply.
    await seedWorkspace(store.db, {
      messages: [
        message(2, 1, { direction: 'inbound', sender_name: 'Ethan Khan', text: 'Hello' }),
        message(2, 2, { direction: 'outbound', from_me: true, text: 'Hi Ethan' }),
        message(2, 3, { direction: 'outbound', from_me: true, text: 'Anything else?' }),
      ],
    });
    expect((await workspace.threadNames([threads[1]!])).get(id(2))).toBe('Ethan Khan');
    expect(await ids({ search: 'ethan khan' })).toEqual([id(2)]);
    expect(await ids({ search: 'Khan' })).toEqual([id(2)]);
    // Only the newest message's text is searched: an older reply is not what the row shows.
    expect(await ids({ search: 'hi ethan' })).toEqual([]);
  });

  it('keeps the search in step with the contact, the messages and the record', async () => {
    // Read again unchanged (a sweep; a message's status moved on): the search stays.
    await seedWorkspace(
      store.db,
      {
        conversations: threads,
        contacts: [sofia],
        messages: [
          message(1, 2, { direction: 'outbound', from_me: true, text: 'Yes, in 2 days', status: 'read' }),
        ],
      },
      1,
    );
    expect(await ids({ search: 'moreau' })).toEqual([id(1)]);
    expect(await ids({ search: 'in 2 days' })).toEqual([id(1)]);

    // The contact renamed: found by the new name only; then removed: by the sender's name again.
    await upsertRecords(store.db, CONTACTS, [{ ...sofia, last_name: 'Dubois' }], { startedAt: 1, now: 1 });
    expect(await ids({ search: 'dubois' })).toEqual([id(1)]);
    expect(await ids({ search: 'moreau' })).toEqual([]);
    // The contact's name is the row's name: a sender's name behind it is not searched.
    expect(await ids({ search: 'sofia dubois' })).toEqual([id(1)]);
    await removeRecord(store.db, CONTACTS, sofia.id, 2);
    expect(await ids({ search: 'dubois' })).toEqual([]);
    expect(await ids({ search: 'sofia' })).toEqual([id(1)]);

    // A newer message: its text is found, the one it replaced as the newest is not.
    await mergeMessages(store.db, id(1), [message(1, 3, { direction: 'outbound', text: 'Sent today' })], {
      now: 3,
      seen: false,
    });
    expect(await ids({ search: 'sent today' })).toEqual([id(1)]);
    expect(await ids({ search: 'in 2 days' })).toEqual([]);

    // The group renamed.
    await seedWorkspace(
      store.db,
      {
        conversations: [{ ...threads[2]!, group_subject: 'Lisbon', updated_at: '2030-01-01T00:00:00.000Z' }],
      },
      4,
    );
    expect(await ids({ search: 'lisbon' })).toEqual([id(3)]);
    expect(await ids({ search: 'porto launch' })).toEqual([]);
  });

  it('answers an open thread: its newest page newest first, and the records it links to', async () => {
    await seedWorkspace(store.db, {
      conversations: [
        {
          ...threads[0]!,
          lead_id: lead(1).id,
          customer_id: customer(1).id,
          updated_at: '2030-01-01T00:00:00.000Z',
        },
      ],
      leads: [lead(1)],
    });
    const screen = await threadScreenOf(workspace, { id: id(1) });
    expect(screen?.messages).toMatchObject({ hasMore: false });
    expect(screen?.messages?.data.map((m) => m.text)).toEqual(['Yes, in 2 days', 'Do you ship to Porto?']);
    expect(screen).toMatchObject({ contact: { id: sofia.id }, lead: { id: lead(1).id }, customer: null });
    expect((await threadScreenOf(workspace, { id: id(4) }))?.messages?.hasMore).toBe(true);
    expect((await threadScreenOf(workspace, { id: id(2) }))?.messages).toBeNull();
    expect(await threadScreenOf(workspace, { id: uuid(99, 'c0c0c0c0') })).toBeNull();
  });

  it('answers the record pages: a customer’s threads and leads, a contact’s threads on their number', async () => {
    const acme = customer(1, { company_name: 'Acme 100%' });
    const mobile = contact(5, 1, { mobile: '+44 7000 00009' });
    await seedWorkspace(store.db, {
      customers: [acme],
      contacts: [mobile],
      conversations: [
        conversation(5, { customer_id: acme.id }),
        conversation(6, { contact_id: mobile.id }),
        conversation(7, { external_thread_id: '44700000009@s.whatsapp.net' }),
        conversation(8, { external_thread_id: '44700000009', is_group: true }),
      ],
      leads: [
        lead(1, { company_name: 'ACME 100% Ltd' }),
        lead(2, { company_name: 'Acme 1000' }),
        lead(3, { name: 'Acme 100% deal' }),
        // The term in the phone only: not what a lead search reads.
        lead(4, { phone: 'acme 100%' }),
      ],
    });
    const page = await customerScreenOf(workspace, { id: acme.id });
    // Linked to the customer, or to one of its contacts (Sofia's thread too).
    expect(page?.threads.map((t) => t.id)).toEqual([6, 5, 1].map((n) => conversation(n).id));
    expect(page).toMatchObject({ threadTotal: 3, leadTotal: 2, leadTerm: 'Acme 100%' });
    expect(page?.contacts.map((c) => c.id).sort()).toEqual([sofia.id, mobile.id].sort());
    expect(page?.leads.map((l) => l.id)).toEqual([lead(3).id, lead(1).id]);
    const theirs = await contactScreenOf(workspace, { id: mobile.id });
    expect(theirs?.threads.map((t) => t.id)).toEqual([7, 6].map((n) => conversation(n).id));
    expect(theirs).toMatchObject({ threadTotal: 2, customer: { id: acme.id } });
    expect(await customerScreenOf(workspace, { id: customer(9).id })).toBeNull();
  });
});
