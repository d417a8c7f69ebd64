import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fake, liveWorkspaceDb, server, TEAM_MEMBERS, withBff } from '@/test/bff';
import { messagePreview } from '../thread-names';
import { renderRoutes as renderInbox, stubLayout } from '@/test/render-routes';

withBff({ live: true });
beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const threads = () => [...fake.workspace().social.threads.values()];
const rowList = () => screen.findByRole('list', { name: 'Conversation list' });

describe('thread list', () => {
  it('lists open threads with their contact name, channel and window state', async () => {
    await renderInbox('/inbox');
    const list = await rowList();
    const open = threads().filter((t) => t.conv.status === 'open');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBe(Math.min(open.length, 30));
    // A thread linked to a CRM contact is named by the contact (GET /contacts/{id}).
    const linked = open
      .sort((a, b) => (b.conv.last_message_at ?? '').localeCompare(a.conv.last_message_at ?? ''))
      .slice(0, 30)
      .find((t) => t.conv.contact_id && !t.conv.is_group)!;
    const contact = fake.workspace().crm.contacts.get(linked.conv.contact_id!)!;
    const row = list.querySelector(`[data-thread-row="${linked.conv.id}"]`) as HTMLElement;
    await waitFor(() =>
      expect(row).toHaveTextContent(`${contact.first_name ?? ''} ${contact.last_name ?? ''}`.trim()),
    );
    const channel = fake.workspace().social.channels.find((c) => c.id === linked.conv.channel_id)!;
    expect(row).toHaveTextContent(channel.name);
    // Every whatsapp row says how long its window has, or that it closed.
    await waitFor(() => expect(row).toHaveTextContent(/h left|min left|Window closed/));
  });

  it('opens in one read of the list: rows carry their contact and messages, so no row reads its own', async () => {
    const asked: string[] = [];
    const onRequest = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
    server.events.on('request:start', onRequest);
    await renderInbox('/inbox');
    const list = await rowList();
    await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(5));
    server.events.removeListener('request:start', onRequest);
    const perRow = asked.filter((path) => /\/contacts\/|\/messages$/.test(path));
    expect(perRow).toEqual([]);
    expect(asked.filter((path) => path === '/bff/screens/inbox')).toHaveLength(1);
    // Who is signed in, the team and the channels came with the workspace, in the first call.
    expect(asked.filter((path) => path === '/bff/workspace')).toHaveLength(1);
    expect(
      asked.filter((path) => ['/bff/me', '/bff/team'].includes(path) || path.endsWith('/channels')),
    ).toEqual([]);
  });

  it('a row the BFF has not read yet (its sync still loading) reads its own contact and messages', async () => {
    const linked = threads()
      .filter(
        (t) => t.conv.status === 'open' && t.conv.contact_id && !t.conv.is_group && t.messages.length > 0,
      )
      .sort((a, b) => (b.conv.last_message_at ?? '').localeCompare(a.conv.last_message_at ?? ''))[0]!;
    const db = liveWorkspaceDb();
    await db.deleteFrom('ws_messages').where('conversation_id', '=', linked.conv.id).execute();
    await db.deleteFrom('ws_contacts').where('id', '=', linked.conv.contact_id!).execute();
    const asked: string[] = [];
    const onRequest = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
    server.events.on('request:start', onRequest);
    await renderInbox('/inbox');
    const list = await rowList();
    const row = list.querySelector(`[data-thread-row="${linked.conv.id}"]`) as HTMLElement;
    const contact = fake.workspace().crm.contacts.get(linked.conv.contact_id!)!;
    const newest = [...linked.messages].sort((a, b) => b.created_at.localeCompare(a.created_at))[0]!;
    await waitFor(() =>
      expect(row).toHaveTextContent(`${contact.first_name ?? ''} ${contact.last_name ?? ''}`.trim()),
    );
    await waitFor(() => expect(row).toHaveTextContent(messagePreview(newest)));
    server.events.removeListener('request:start', onRequest);
    // Only that row read for itself: one contact, one page of messages.
    expect(asked.filter((path) => path.includes('/contacts/'))).toEqual([
      expect.stringContaining(linked.conv.contact_id!),
    ]);
    expect(asked.filter((path) => path.endsWith('/messages'))).toEqual([
      expect.stringContaining(linked.conv.id),
    ]);
  });

  it('keeps filters in the URL: status tab, owner and search', async () => {
    const user = userEvent.setup();
    const { router } = await renderInbox('/inbox');
    await rowList();
    await user.click(screen.getByRole('tab', { name: 'Closed' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'closed' }));
    const closed = threads().filter((t) => t.conv.status === 'closed');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Conversation list' })).getAllByRole('listitem'),
      ).toHaveLength(Math.min(closed.length, 30)),
    );

    await user.click(screen.getByRole('button', { name: 'Mine' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ owner: 'mine' }));
    const me = TEAM_MEMBERS.find((m) => m.name === 'Ada Admin')!;
    const mine = closed.filter((t) => t.conv.assigned_to_user_id === me.id);
    await waitFor(() => {
      const rows = screen.queryAllByRole('listitem').filter((el) => el.hasAttribute('data-thread-row'));
      expect(rows.map((r) => r.getAttribute('data-thread-row')).sort()).toEqual(
        mine
          .map((t) => t.conv.id)
          .sort()
          .slice(0, 30),
      );
    });
  });

  it('a bad URL falls back to the defaults instead of failing', async () => {
    const { router } = await renderInbox('/inbox?status=bogus&owner=42&channel=nope');
    await rowList();
    expect(screen.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
    const search: { status?: unknown; owner?: unknown } = router.state.location.search;
    expect(search.status).toBeUndefined();
    expect(search.owner).toBeUndefined();
  });

  it('loads more rows with offset paging, without repeats', async () => {
    const user = userEvent.setup();
    const statuses = ['open', 'pending', 'snoozed', 'closed'] as const;
    const counts = statuses.map((s) => threads().filter((t) => t.conv.status === s).length);
    const total = Math.max(...counts);
    const status = statuses[counts.indexOf(total)]!;
    if (total <= 30)
      throw new Error('the seed needs more than one page of threads in a status for this test');
    await renderInbox(`/inbox?status=${status}`);
    const list = await rowList();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(Math.min(total, 60)));
    const ids = within(list)
      .getAllByRole('listitem')
      .map((el) => el.getAttribute('data-thread-row'));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('marks threads an AI agent answers', async () => {
    await renderInbox('/inbox?status=open');
    const list = await rowList();
    const withAi = threads()
      .filter((t) => t.conv.status === 'open')
      .sort((a, b) => (b.conv.last_message_at ?? '').localeCompare(a.conv.last_message_at ?? ''))
      .slice(0, 30)
      .filter((t) => t.conv.ai_agent_id);
    expect(within(list).queryAllByRole('img', { name: 'AI agent answering' })).toHaveLength(withAi.length);
  });
});
