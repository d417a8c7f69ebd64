import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '@/lib/api-client';
import { fake, liveWorkspaceDb, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';

// Labels and saved views in the inbox, through the real BFF and its database: chips on rows and in
// the thread header, the header's label menu, the label filter, and views with their counts.

withBff({ live: true, database: true, as: 'manager' });
beforeAll(stubLayout);
beforeEach(async () => {
  const db = liveWorkspaceDb();
  await db.deleteFrom('saved_views').execute();
  await db.deleteFrom('labels').execute();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The newest open thread: first in the default list. */
const newestOpen = () =>
  [...fake.workspace().social.threads.values()]
    .filter((t) => t.conv.status === 'open')
    .sort((a, b) => (b.conv.last_message_at ?? '').localeCompare(a.conv.last_message_at ?? ''))[0]!.conv;
const rowOf = async (id: string) => {
  const list = await screen.findByRole('list', { name: 'Conversation list' });
  await waitFor(() => expect(list.querySelector(`[data-thread-row="${id}"]`)).not.toBeNull());
  return list.querySelector(`[data-thread-row="${id}"]`) as HTMLElement;
};

describe('labels in the inbox', () => {
  it('shows a thread’s labels on its row and filters the list by one', async () => {
    const thread = newestOpen();
    const urgent = await call('labels.create', { body: { name: 'Urgent', color: '#ef4444' } });
    await call('conversations.labels', { params: { id: thread.id }, body: { add: [urgent.id] } });
    const user = userEvent.setup();
    await renderRoutes('/inbox');
    const row = await rowOf(thread.id);
    await waitFor(() =>
      expect(within(row).getByRole('group', { name: 'Labels' })).toHaveTextContent('Urgent'),
    );
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Label' }), 'Urgent');
    const list = await screen.findByRole('list', { name: 'Conversation list' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(list.querySelector(`[data-thread-row="${thread.id}"]`)).not.toBeNull();
  });

  it('puts a label on the open thread from its header menu, typed to filter, and keeps it', async () => {
    const thread = newestOpen();
    await call('labels.create', { body: { name: 'Billing', color: '#22c55e' } });
    await call('labels.create', { body: { name: 'VIP', color: '#3b82f6' } });
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${thread.id}`);
    // The stand-in button is replaced by the menu's once its code has loaded.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Labels' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Labels' }));
    await user.type(await screen.findByRole('searchbox', { name: 'Filter labels' }), 'bil');
    expect(screen.queryByRole('checkbox', { name: 'VIP' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Billing' }));
    const header = screen.getByText((_, el) => el?.hasAttribute('data-thread-title') ?? false);
    await waitFor(() =>
      expect(within(header).getByRole('group', { name: 'Labels' })).toHaveTextContent('Billing'),
    );
    // Shown at once; kept once the BFF has answered.
    await waitFor(async () =>
      expect((await call('screens.thread', { query: { id: thread.id } })).labelIds).toHaveLength(1),
    );
  });
});

describe('saved views', () => {
  it('refuses an empty name on its field, then saves the filters shown and lists the view with its count', async () => {
    const user = userEvent.setup();
    await renderRoutes('/inbox?status=closed');
    await user.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('Must not be empty.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'View name' }), 'Closed ones');
    await user.click(within(dialog).getByRole('radio', { name: 'The whole team' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }));
    const team = await screen.findByRole('region', { name: 'Team views' });
    const link = await within(team).findByRole('link', { name: /Closed ones/ });
    const closed = [...fake.workspace().social.threads.values()].filter(
      (t) => t.conv.status === 'closed',
    ).length;
    expect(link).toHaveTextContent(`${String(closed)} ${closed === 1 ? 'thread' : 'threads'}`);
    // The filters shown are the view's: it is the current one.
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  it('opens a view, and says so of one whose label was deleted', async () => {
    const label = await call('labels.create', { body: { name: 'Gone soon', color: '#f59e0b' } });
    await call('views.create', { body: { name: 'Labelled', scope: 'mine', filters: { label: label.id } } });
    await call('labels.delete', { params: { id: label.id } });
    const user = userEvent.setup();
    await renderRoutes('/inbox?status=closed');
    const mine = await screen.findByRole('region', { name: 'My views' });
    const link = await within(mine).findByRole('link', { name: /Labelled/ });
    expect(link).toHaveTextContent('(deleted label)');
    await user.click(link);
    await waitFor(() => expect(link).toHaveAttribute('aria-current', 'page'));
  });
});
