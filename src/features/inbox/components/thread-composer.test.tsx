import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AI_AGENTS, fake, reloadLiveWorkspace, withBff } from '@/test/bff';
import { renderRoutes as renderInbox, stubLayout } from '@/test/render-routes';
import { seededThread } from '@/test/warm-thread';
import { readUserValue } from '@/lib/user-storage';
import { draftKey } from '../local-store';

// The composer of a thread: sending, replying, drafts, and the template picker once the 24-hour
// window has closed.

withBff({ live: true });
beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const DAY = 24 * 3_600_000;
const ws = () => fake.workspace();
const thread = (platform: 'whatsapp' | 'instagram', warm: boolean) => seededThread(fake, platform, warm);
const history = () => screen.findByRole('list', { name: 'Message history' });
const composer = () => screen.findByRole('textbox', { name: 'Message' });

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

describe('a reply while an AI agent answers', () => {
  it('asks first: take over and send, or send and let the agent go on', async () => {
    const user = userEvent.setup();
    const t = thread('whatsapp', true);
    const agent = AI_AGENTS[0]!;
    t.conv.ai_agent_id = agent.id;
    await reloadLiveWorkspace();
    const before = t.messages.length;
    await renderInbox(`/inbox/${t.conv.id}`);
    await user.type(await composer(), 'I can help with that');
    await user.keyboard('{Enter}');
    const prompt = await screen.findByRole('alert');
    expect(prompt).toHaveTextContent(
      `${agent.name} is answering this conversation. Your reply is not sent yet.`,
    );
    expect(t.messages.length).toBe(before);

    // Not now: back to the draft, nothing sent.
    await user.click(within(prompt).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await composer()).toHaveValue('I can help with that');

    await user.keyboard('{Enter}');
    await user.click(
      within(await screen.findByRole('alert')).getByRole('button', { name: 'Take over and send' }),
    );
    await waitFor(() => expect(t.messages.length).toBe(before + 1));
    expect(t.messages.at(-1)).toMatchObject({ text: 'I can help with that', direction: 'outbound' });
    expect(t.conv.ai_agent_id).toBeNull();
    await waitFor(() => expect(screen.queryByText(/is answering this conversation/)).toBeNull());
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
    // Chosen, the list folds to it (the history keeps the room); Change opens it again.
    expect(within(picker).getAllByRole('radio')).toHaveLength(1);
    expect(within(picker).queryByRole('searchbox', { name: 'Search templates' })).toBeNull();
    await user.click(within(picker).getByRole('button', { name: 'Change template' }));
    await user.clear(within(picker).getByRole('searchbox', { name: 'Search templates' }));
    expect(within(picker).getAllByRole('radio')).toHaveLength(approved.length);
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
    // Sent: the picker starts again, nothing chosen or filled, not one click from sending it twice.
    await waitFor(() => expect(within(picker).getAllByRole('radio')).toHaveLength(approved.length));
    for (const radio of within(picker).getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(within(picker).queryByRole('textbox', { name: 'Parameter {{1}}' })).toBeNull();
  });

  it('on a social platform outside the window, explains that nothing can be sent', async () => {
    const t = thread('instagram', false);
    await renderInbox(`/inbox/${t.conv.id}`);
    expect(await screen.findByText(/Instagram has no message templates/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });
});
