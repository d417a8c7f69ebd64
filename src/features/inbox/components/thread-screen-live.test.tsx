import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fake, server, withBff } from '@/test/bff';
import { deliverInbound } from '@/test/live-inbound';
import { warmThread } from '@/test/warm-thread';
import { renderRoutes as renderInbox, stubLayout } from '@/test/render-routes';

// An open thread as the BFF serves it: one screen read to open it, the live stream's events after
// (the BFF's own sync reads what the fake took, and the page hears it on its stream).

withBff({ stream: true });
beforeAll(stubLayout);
afterEach(cleanup);

const ws = () => fake.workspace();
const history = () => screen.findByRole('list', { name: 'Message history' });

describe('an open thread', () => {
  it('an inbound message pushed by the live stream shows at once and reopens a closed thread', async () => {
    const t = warmThread(fake);
    await renderInbox(`/inbox/${t.conv.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Close thread' }));
    expect(await screen.findByRole('button', { name: 'Reopen thread' })).toBeInTheDocument();
    await deliverInbound(t.conv.id, 'Are you still there?');
    expect(await screen.findByText('Are you still there?')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Close thread' })).toBeInTheDocument();
  });

  it('opens a thread, its messages and its contact and customer in one screen read', async () => {
    const t = [...ws().social.threads.values()].find(
      (x) => x.conv.contact_id && x.conv.customer_id && !x.conv.is_group,
    )!;
    const asked: string[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      // An older page, read because the whole newest page fits the (stubbed, tall) viewport, is not the opening.
      if (!url.searchParams.has('before')) asked.push(url.pathname);
    };
    server.events.on('request:start', onRequest);
    await renderInbox(`/inbox/${t.conv.id}`);
    await history();
    server.events.removeListener('request:start', onRequest);
    expect(asked.filter((path) => path === '/bff/screens/thread')).toHaveLength(1);
    const perRecord = asked.filter((path) =>
      [
        `/conversations/${t.conv.id}`,
        '/messages',
        `/contacts/${t.conv.contact_id!}`,
        `/customers/${t.conv.customer_id!}`,
      ].some((part) => path.endsWith(part)),
    );
    expect(perRecord).toEqual([]);
  });
});
