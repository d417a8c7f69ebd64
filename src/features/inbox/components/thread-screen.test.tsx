import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fake, server, withBff } from '@/test/bff';
import { renderRoutes as renderInbox, stubLayout } from '@/test/render-routes';
import { seededThread } from '@/test/warm-thread';

withBff({ live: true });
beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const ws = () => fake.workspace();
const thread = (platform: 'whatsapp' | 'instagram', warm: boolean) => seededThread(fake, platform, warm);

const history = () => screen.findByRole('list', { name: 'Message history' });
const composer = () => screen.findByRole('textbox', { name: 'Message' });

describe('thread view', () => {
  it('shows the newest messages with their ticks and the window chip', async () => {
    const t = thread('whatsapp', true);
    await renderInbox(`/inbox/${t.conv.id}`);
    const list = await history();
    const newest = t.messages.at(-1)!;
    if (newest.text) await waitFor(() => expect(list).toHaveTextContent(newest.text!));
    expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(screen.getAllByText(/h left|min left/).length).toBeGreaterThan(0);
    const lastOutbound = [...t.messages]
      .reverse()
      .find((m) => m.direction === 'outbound' && m.status !== 'failed');
    if (lastOutbound) {
      const label = { pending: 'Pending', sent: 'Sent', delivered: 'Delivered', read: 'Read' }[
        lastOutbound.status as 'pending' | 'sent' | 'delivered' | 'read'
      ];
      expect(within(list).getAllByRole('img', { name: label }).length).toBeGreaterThan(0);
    }
  });

  it('shows a failed message with its reason; Discard hides it and remembers', async () => {
    const user = userEvent.setup();
    const t = [...ws().social.threads.values()].find((x) => {
      const last = x.messages.slice(-12);
      return last.some((m) => m.status === 'failed' && m.type === 'text' && m.error_reason);
    });
    if (!t) throw new Error('the seed has no recent failed text message');
    const failed = t.messages
      .slice(-12)
      .reverse()
      .find((m) => m.status === 'failed' && m.type === 'text')!;
    const { unmount } = await renderInbox(`/inbox/${t.conv.id}`);
    const list = await history();
    const item = await waitFor(() => {
      const el = list.querySelector(`[data-message-id="${failed.id}"]`);
      if (!el) throw new Error('not rendered yet');
      return el as HTMLElement;
    });
    expect(item).toHaveTextContent(failed.error_reason!);
    expect(within(item).getByRole('img', { name: 'Failed' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(list.querySelector(`[data-message-id="${failed.id}"]`)).toBeNull());
    unmount();
    await renderInbox(`/inbox/${t.conv.id}`);
    const again = await history();
    await waitFor(() => expect(again.querySelectorAll('[data-message-id]').length).toBeGreaterThan(0));
    expect(again.querySelector(`[data-message-id="${failed.id}"]`)).toBeNull();
  });
});

describe('on a narrow window', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the open thread alone: no list behind it, and the details open in a drawer when asked for', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: false,
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    const user = userEvent.setup();
    const t = [...ws().social.threads.values()].find((x) => !x.conv.is_group && x.conv.contact_id);
    if (!t) throw new Error('the seed has no one-to-one thread with a contact');
    await renderInbox(`/inbox/${t.conv.id}`);
    await history();
    expect(screen.queryByRole('region', { name: 'Conversations' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Details' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show details' }));
    const drawer = await screen.findByRole('dialog', { name: 'Details' });
    expect(await within(drawer).findByRole('heading', { name: 'Contact' })).toBeInTheDocument();
  });

  it('on a wide window shows the list and the details beside the thread', async () => {
    const t = [...ws().social.threads.values()].find((x) => !x.conv.is_group && x.conv.contact_id)!;
    await renderInbox(`/inbox/${t.conv.id}`);
    await history();
    expect(screen.getByRole('region', { name: 'Conversations' })).toBeInTheDocument();
    const details = screen.getByRole('complementary', { name: 'Details' });
    expect(await within(details).findByRole('heading', { name: 'Contact' })).toBeInTheDocument();
  });
});

describe('header menus', () => {
  it('show their buttons with the thread and open once their code is there', async () => {
    const user = userEvent.setup();
    const t = thread('whatsapp', true);
    await renderInbox(`/inbox/${t.conv.id}`);
    await history();
    const owner = await screen.findByRole('button', { name: /^Owner: .+ Change owner$/ });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Owner: .+ Change owner$/ })).toBeEnabled(),
    );
    expect(owner).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(screen.getByRole('button', { name: /^Owner: .+ Change owner$/ }));
    expect(await screen.findByRole('menuitemradio', { name: 'Unassigned' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Hand to an AI agent' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Hand to an AI agent' }));
    expect(await screen.findByRole('menu')).toHaveTextContent('Let an AI agent answer');
  });
});

describe('new conversation', () => {
  it('refuses a number without a country code and starts one with an international number', async () => {
    const user = userEvent.setup();
    const { router } = await renderInbox('/inbox/new?to=447911123456&name=Lena');
    const phone = await screen.findByRole('textbox', { name: 'Phone number' });
    expect(phone).toHaveValue('+447911123456');
    await user.clear(phone);
    await user.type(phone, '07911 123456');
    await user.tab();
    expect(screen.getByText(/Add the country code/)).toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, '+44 7911 123456');
    await user.click(await screen.findByRole('radio', { name: /hello_world/ }));
    await user.click(screen.getByRole('button', { name: 'Start conversation' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/inbox\/[0-9a-f-]{36}$/));
    const started = [...ws().social.threads.values()].find(
      (x) => x.conv.external_thread_id === '447911123456',
    )!;
    expect(started.meta.contactName).toBe('Lena');
    expect(started.messages.at(-1)).toMatchObject({ type: 'template' });
  });
});

describe('upstream errors in words', () => {
  it('a plan-limit refusal shows a banner at the top of the inbox; the draft stays', async () => {
    const user = userEvent.setup();
    const t = thread('whatsapp', true);
    fake.control.planLimit(ws().id, 'monthly active contacts');
    await renderInbox(`/inbox/${t.conv.id}`);
    const box = await composer();
    await user.type(box, 'Hello there{Enter}');
    // The banner (a toast may say it too): an alert at the top of the inbox naming the limit.
    await waitFor(() => {
      const banner = screen
        .getAllByRole('alert')
        .find((el) => /Your workspace has reached a plan limit/.test(el.textContent ?? ''));
      expect(banner).toHaveTextContent('monthly active contacts');
    });
    expect(box).toHaveValue('Hello there');
  });

  it('a conversation that is not in the workspace says so', async () => {
    await renderInbox('/inbox/0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f');
    expect(await screen.findByText(/not in this workspace/)).toBeInTheDocument();
  });

  it('a link whose id is no id is a not-found screen, without asking the API', async () => {
    const asked: string[] = [];
    const onRequest = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
    server.events.on('request:start', onRequest);
    await renderInbox('/inbox/not-a-conversation');
    expect(await screen.findByText('This conversation is not in this workspace')).toBeInTheDocument();
    server.events.removeListener('request:start', onRequest);
    expect(asked.filter((path) => path.includes('not-a-conversation'))).toEqual([]);
  });
});
