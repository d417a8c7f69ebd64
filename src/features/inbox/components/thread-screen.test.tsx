import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fake, server, withBff } from '@/test/bff';
import { renderRoutes as renderInbox, stubLayout } from '@/test/render-routes';
import { readUserValue } from '@/lib/user-storage';
import { draftKey } from '../local-store';

withBff({ live: true });
beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const DAY = 24 * 3_600_000;
const ws = () => fake.workspace();
const channelOf = (id: string | null | undefined) => ws().social.channels.find((c) => c.id === id);

/** A one-to-one thread on a platform, warm (window open) or cold. */
function thread(platform: 'whatsapp' | 'instagram', warm: boolean) {
  const now = fake.clock.now().getTime();
  const found = [...ws().social.threads.values()].find((t) => {
    if (t.conv.is_group || channelOf(t.conv.channel_id)?.platform !== platform) return false;
    if (t.meta.unreachable || t.meta.lastInboundAt === null) return false;
    const age = now - t.meta.lastInboundAt;
    return warm ? age < DAY - 3_600_000 && t.messages.length >= 3 : age > DAY + 3_600_000;
  });
  if (!found) throw new Error(`the seed has no ${warm ? 'warm' : 'cold'} ${platform} thread`);
  return found;
}

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

describe('composer', () => {
  it('Enter sends, Shift+Enter adds a line, a reply quotes, and the draft survives a remount', async () => {
    const user = userEvent.setup();
    const t = thread('whatsapp', true);
    const before = t.messages.length;
    const { unmount } = await renderInbox(`/inbox/${t.conv.id}`);
    const box = await composer();
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(t.messages.length).toBe(before + 1));
    expect(t.messages.at(-1)).toMatchObject({
      text: 'Line one\nLine two',
      direction: 'outbound',
      status: 'pending',
    });
    await waitFor(() => expect(box).toHaveValue(''));

    // Reply to the contact's message: the send carries the quote.
    const inbound = [...t.messages].reverse().find((m) => m.direction === 'inbound')!;
    const list = await history();
    const item = list.querySelector(`[data-message-id="${inbound.id}"]`) as HTMLElement;
    await user.click(within(item).getByRole('button', { name: 'Reply' }));
    expect(screen.getByText(/Replying to/)).toBeInTheDocument();
    await user.type(box, 'Quoted answer{Enter}');
    await waitFor(() =>
      expect(t.messages.at(-1)).toMatchObject({ text: 'Quoted answer', quoted_message_id: inbound.id }),
    );

    await user.type(box, 'A draft for later');
    unmount();
    await renderInbox(`/inbox/${t.conv.id}`);
    expect(await composer()).toHaveValue('A draft for later');
  });

  it('keeps the text when a send fails, and says why', async () => {
    const user = userEvent.setup();
    const t = thread('whatsapp', true);
    fake.control.fail({
      method: 'POST',
      path: '/v1/conversations/{id}/messages',
      status: 503,
      message: 'Upstream is down',
    });
    await renderInbox(`/inbox/${t.conv.id}`);
    const box = await composer();
    await user.type(box, 'Do not lose me{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(box).toHaveValue('Do not lose me');
    expect(readUserValue(draftKey(t.conv.id))).toBe('Do not lose me');
  });

  it('switches to the template picker when the window closed meanwhile, keeping the text', async () => {
    const user = userEvent.setup();
    const t = thread('whatsapp', true);
    await renderInbox(`/inbox/${t.conv.id}`);
    const box = await composer();
    // The window closes while the thread is open (the fake clock moves past it).
    act(() => fake.clock.advance(DAY + 60_000));
    await user.type(box, 'Are you still there?{Enter}');
    expect(await screen.findByRole('region', { name: 'Send a template' })).toBeInTheDocument();
    expect(screen.getByText(/Your draft is kept/)).toBeInTheDocument();
    expect(readUserValue(draftKey(t.conv.id))).toBe('Are you still there?');
  });
});

describe('template picker', () => {
  it('outside the window lists approved templates, needs every parameter, previews and sends', async () => {
    const user = userEvent.setup();
    const t = thread('whatsapp', false);
    const before = t.messages.length;
    await renderInbox(`/inbox/${t.conv.id}`);
    const picker = await screen.findByRole('region', { name: 'Send a template' });
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    const approved = ws().social.templates.filter(
      (x) => x.channel_id === t.conv.channel_id && x.status === 'APPROVED',
    );
    const notApproved = ws().social.templates.filter(
      (x) => x.channel_id === t.conv.channel_id && x.status !== 'APPROVED',
    );
    await waitFor(() => expect(within(picker).getAllByRole('radio')).toHaveLength(approved.length));
    for (const x of notApproved)
      expect(within(picker).queryByRole('radio', { name: new RegExp(`^${x.name}`) })).toBeNull();

    await user.type(within(picker).getByRole('searchbox', { name: 'Search templates' }), 'order_update');
    await user.click(within(picker).getByRole('radio', { name: /order_update/ }));
    await user.click(within(picker).getByRole('button', { name: 'Send template' }));
    expect(within(picker).getAllByText('Fill in this parameter.')).toHaveLength(2);
    expect(t.messages.length).toBe(before);

    await user.type(within(picker).getByRole('textbox', { name: 'Parameter {{1}}' }), 'Marta');
    await user.type(within(picker).getByRole('textbox', { name: 'Parameter {{2}}' }), '#A-1042');
    expect(within(picker).getByRole('figure', { name: 'Preview' })).toHaveTextContent(
      'Hi Marta, your order #A-1042 has shipped',
    );
    await user.click(within(picker).getByRole('button', { name: 'Send template' }));
    await waitFor(() => expect(t.messages.length).toBe(before + 1));
    expect(t.messages.at(-1)).toMatchObject({
      type: 'template',
      text: expect.stringContaining('Hi Marta, your order #A-1042'),
    });
  });

  it('on a social platform outside the window, explains that nothing can be sent', async () => {
    const t = thread('instagram', false);
    await renderInbox(`/inbox/${t.conv.id}`);
    expect(await screen.findByText(/Instagram has no message templates/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
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
