import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messagePreview } from '@/features/inbox/thread-names';
import { StageSettings } from '@/features/stages/components/stage-settings';
import { sortStages } from '@/lib/lead-stages';
import { fake, server, streamOpen, syncNow, withBff } from './bff';
import { deliverInbound } from './live-inbound';
import { renderWithApp } from './render';
import { renderRoutes, stubLayout } from './render-routes';

// The live stream end to end in a component test: the fake takes a contact's message, the BFF's
// own sync reads it (one hot cycle) and publishes what changed, and the inbox learns it only over
// its stream (a real EventSource on GET /bff/events). The page reads nothing for it, so a change in
// what the sync publishes, or in how the page applies it, shows here as a row that is missing,
// stale or not counted.

withBff({ stream: true, database: true });
beforeAll(stubLayout);
afterEach(cleanup);

const rowOf = (id: string) => document.querySelector<HTMLElement>(`[data-thread-row="${id}"]`);

describe('the inbox on the live stream', () => {
  it('shows a message that came in on a closed thread: its row joins Open with the preview, unread', async () => {
    // Closed, so the Open list does not hold it: only the sync's events can bring its row.
    const closed = [...fake.workspace().social.threads.values()].find(
      (t) => t.conv.status === 'closed' && !t.conv.is_group,
    );
    if (!closed) throw new Error('the seed has no closed one-to-one thread');
    await renderRoutes('/inbox');
    const list = await screen.findByRole('list', { name: 'Conversation list' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0));
    expect(rowOf(closed.conv.id)).toBeNull();

    const reads: string[] = [];
    const onRequest = ({ request }: { request: Request }) => void reads.push(new URL(request.url).pathname);
    server.events.on('request:start', onRequest);
    const message = await deliverInbound(closed.conv.id, 'Is the order still on its way?');

    await waitFor(() => expect(rowOf(closed.conv.id)).not.toBeNull());
    const row = rowOf(closed.conv.id)!;
    await waitFor(() => expect(row).toHaveTextContent(messagePreview(message)));
    expect(await within(row).findByText('1 unread')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Inbox\W+1 unread/ })).toBeInTheDocument();
    server.events.removeListener('request:start', onRequest);
    // From the stream alone: the page read neither the list again nor the thread's messages.
    expect(reads.filter((path) => path.startsWith('/bff/screens/') || path.endsWith('/messages'))).toEqual(
      [],
    );
  });

  it('reaches a screen rendered alone too: a stage renamed upstream, read by the sync, shows', async () => {
    await renderWithApp(<StageSettings />);
    const target = sortStages(fake.workspace().crm.stages).find((s) => !s.is_default)!;
    await screen.findByRole('listitem', { name: target.name });
    // Renamed behind the BFF's back (another app on the same account): only its sync can learn it.
    target.name = 'Waiting on the customer';
    await streamOpen();
    await syncNow('stages');
    expect(await screen.findByRole('listitem', { name: 'Waiting on the customer' })).toBeInTheDocument();
  });
});
