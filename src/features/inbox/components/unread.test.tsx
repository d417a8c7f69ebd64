import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { conversationKeys } from '@/data/conversations';
import { fake, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';

// Unread through the real BFF and its database: marking a thread unread makes its row bold with a
// count, counts it in the navigation and the tab title, and the Unread filter shows it alone;
// opening it in a visible, focused tab reads it again.

withBff({ live: true, database: true });
beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

const newestOpen = () =>
  [...fake.workspace().social.threads.values()]
    .map((t) => t.conv)
    .filter((c) => c.status === 'open')
    .sort((a, b) => (b.last_message_at ?? '').localeCompare(a.last_message_at ?? ''))[0]!;
const rowOf = (id: string) => document.querySelector(`[data-thread-row="${id}"]`) as HTMLElement | null;

describe('unread', () => {
  it('marks a thread unread: bold with a count, in the navigation, the title and the Unread filter', async () => {
    // A background tab: the thread on screen is not read by merely loading.
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const thread = newestOpen();
    const user = userEvent.setup();
    const { router } = await renderRoutes(`/inbox/${thread.id}`);

    await user.click(await screen.findByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inbox'));
    await waitFor(() => expect(within(rowOf(thread.id)!).getByText('1 unread')).toBeInTheDocument());
    expect(within(rowOf(thread.id)!).getAllByText(/\S/)[0]!.closest('span.font-bold')).not.toBeNull();
    expect(document.title).toBe('(1) Chatdesk');
    expect(screen.getByRole('link', { name: /Inbox\W+1 unread/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unread' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ unread: true }));
    const list = await screen.findByRole('list', { name: 'Conversation list' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(rowOf(thread.id)).not.toBeNull();
  });

  it('reads the thread once it is on screen in the focused tab, and not before', async () => {
    const focused = vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const thread = newestOpen();
    const user = userEvent.setup();
    const { router } = await renderRoutes(`/inbox/${thread.id}`);
    await user.click(await screen.findByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(document.title).toBe('(1) Chatdesk'));

    await router.navigate({ to: '/inbox/$conversationId', params: { conversationId: thread.id } });
    await screen.findByRole('button', { name: 'Mark as unread' });
    // Shown in a tab without focus: still unread a while later.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(document.title).toBe('(1) Chatdesk');

    focused.mockReturnValue(true);
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(document.title).toBe('Chatdesk'), { timeout: 3_000 });
  });

  it('keeps the thread opened from the Unread view in the list, selected, once it is read', async () => {
    const focused = vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const thread = newestOpen();
    const user = userEvent.setup();
    const { router, queryClient } = await renderRoutes(`/inbox/${thread.id}`);
    await user.click(await screen.findByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(document.title).toBe('(1) Chatdesk'));
    await router.navigate({ to: '/inbox', search: { unread: true } });
    await waitFor(() => expect(rowOf(thread.id)).not.toBeNull());

    focused.mockReturnValue(true);
    await user.click(within(rowOf(thread.id)!).getByRole('link'));
    await waitFor(() => expect(document.title).toBe('Chatdesk'), { timeout: 3_000 });
    // The list is read again (as the live stream or a refocus does): the server leaves it out now.
    await queryClient.refetchQueries({ queryKey: conversationKeys.lists() });
    // Read now, and no longer in the server's Unread list: still shown, still the one selected.
    await waitFor(() =>
      expect(within(rowOf(thread.id)!).getByRole('link')).toHaveAttribute('aria-current', 'page'),
    );
    expect(within(rowOf(thread.id)!).queryByText(/unread/)).toBeNull();

    // Moving on lets it go.
    await router.navigate({ to: '/inbox', search: { unread: true } });
    await waitFor(() => expect(rowOf(thread.id)).toBeNull());
  });
});
