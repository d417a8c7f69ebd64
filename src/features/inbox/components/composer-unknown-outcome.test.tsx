import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fake, withBff } from '@/test/bff';
import { renderRoutes as renderInbox, stubLayout } from '@/test/render-routes';
import { seededThread } from '@/test/warm-thread';

// A send the upstream answers after the BFF's timeout (issue 34, point 4): the composer does not
// call it a failure (the message may have gone out); it says "Checking…" and asks again with the
// same Idempotency-Key until the sent message comes, so the customer gets it once.

withBff({ live: true, database: true, upstreamTimeoutMs: 200 });
beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const composer = () => screen.findByRole('textbox', { name: 'Message' });
const history = () => screen.findByRole('list', { name: 'Message history' });

describe('a send whose answer comes after the timeout', () => {
  it('says "Checking…", then shows the sent message, sent once', async () => {
    const user = userEvent.setup();
    const t = seededThread(fake, 'whatsapp', true);
    const before = t.messages.length;
    fake.control.fail({ method: 'POST', path: '/v1/conversations/{id}/messages', delayMs: 700 });
    await renderInbox(`/inbox/${t.conv.id}`);
    const box = await composer();
    await user.type(box, 'Did this go out?{Enter}');
    const checking = await screen.findByText('Checking…');
    expect(checking.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('The message was not sent')).toBeNull();
    expect(box).toHaveValue('Did this go out?');
    await waitFor(() => expect(box).toHaveValue(''), { timeout: 5_000 });
    const list = await history();
    await waitFor(() => expect(within(list).getByText('Did this go out?')).toBeInTheDocument());
    expect(screen.queryByText('Checking…')).toBeNull();
    expect(t.messages.filter((m) => m.text === 'Did this go out?')).toHaveLength(1);
    expect(t.messages).toHaveLength(before + 1);
  });
});
