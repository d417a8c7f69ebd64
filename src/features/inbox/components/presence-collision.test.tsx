import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fake, streamOpen, teammateBrowser, withBff } from '@/test/bff';
import { deliverInbound } from '@/test/live-inbound';
import { warmThread } from '@/test/warm-thread';
import { renderRoutes, stubLayout } from '@/test/render-routes';

// Who else is in the thread, and the warning before a reply that something new arrived since the
// agent began typing: a teammate's presence and the contact's message reach the page as in the app,
// from the BFF over its live stream.

withBff({ stream: true });
beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const ws = () => fake.workspace();

describe('presence and collisions', () => {
  it('shows a teammate viewing and typing, and forgets one who leaves', async () => {
    const t = warmThread(fake, { open: true });
    await renderRoutes(`/inbox/${t.conv.id}`);
    await screen.findByRole('list', { name: 'Message history' });
    // Marco, in his own browser, tells the BFF (POST /bff/presence); the page hears it on its stream.
    const marco = await teammateBrowser('manager');
    await streamOpen();
    await marco.post('/bff/presence', { conversationId: t.conv.id, typing: true });
    expect(await screen.findByRole('status', { name: 'Marco Manager is viewing' })).toBeInTheDocument();
    expect(screen.getByText('Marco Manager is typing…')).toBeInTheDocument();
    await marco.post('/bff/presence', { conversationId: null, typing: false });
    await waitFor(() => expect(screen.queryByRole('status', { name: /is viewing/ })).toBeNull());
    expect(screen.queryByText(/is typing/)).toBeNull();
  });

  it('warns before sending when the contact wrote since typing began, keeping the reply', async () => {
    const t = warmThread(fake, { open: true });
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${t.conv.id}`);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'Your order ships today');
    await deliverInbound(t.conv.id, 'Actually, cancel it please');
    await screen.findByText('Actually, cancel it please');
    const before = ws().social.threads.get(t.conv.id)!.messages.length;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The contact wrote a new message since you started typing.');
    expect(box).toHaveValue('Your order ships today');
    expect(ws().social.threads.get(t.conv.id)!.messages.length).toBe(before);

    // Reviewed: the same reply now sends without a second warning.
    await user.click(within(alert).getByRole('button', { name: 'Review first' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(ws().social.threads.get(t.conv.id)!.messages.length).toBe(before + 1);
  });
});
