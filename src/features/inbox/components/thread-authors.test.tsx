import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/data/live-events';
import { fake, recordMessageAuthors, withBff } from '@/test/bff';
import { renderRoutes as renderInbox, stubLayout } from '@/test/render-routes';

// Who on the team sent each reply (issue 36.1): the upstream names them all after the workspace;
// the BFF's record names the teammate, or the AI agent that answered.

withBff({ live: true });
beforeAll(stubLayout);
afterEach(cleanup);

/** A one-to-one thread of the seed with two replies or more, and its two newest. */
function threadWithReplies() {
  for (const t of fake.workspace().social.threads.values()) {
    const replies = t.messages
      .filter((m) => m.direction === 'outbound' && m.type === 'text')
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    if (!t.conv.is_group && replies.length >= 2) return { t, newest: replies[0]!, before: replies[1]! };
  }
  throw new Error('the seed has no thread with two replies');
}

describe('who sent a reply', () => {
  it('names the teammate, the AI agent, and me, on each bubble and as they become known', async () => {
    const { t, newest, before } = threadWithReplies();
    await recordMessageAuthors(t.conv.id, {
      [before.id]: { kind: 'person', name: 'Lee Sales', username: 'lee@acme.test' },
      [newest.id]: { kind: 'ai', name: 'Aria (support bot)' },
    });
    const { queryClient } = await renderInbox(`/inbox/${t.conv.id}`);
    const history = await screen.findByRole('list', { name: 'Message history' });
    /** A message's row of the history. */
    const bubble = async (id: string) =>
      waitFor(() => {
        const row = history.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
        if (!row) throw new Error(`message ${id} is not shown`);
        return row;
      });
    // The upstream's name for the reply is replaced by the teammate's the BFF recorded.
    expect(within(await bubble(before.id)).getByText('Lee Sales')).toBeInTheDocument();
    expect(
      within(await bubble(before.id)).queryByText(before.sender_name || 'no sender name'),
    ).not.toBeInTheDocument();
    expect(within(await bubble(newest.id)).getByText('Aria (support bot) via AI agent')).toBeInTheDocument();
    // A teammate taking the reply over (a send recorded after the sync saw it) shows as them: me.
    applyLiveEvent(queryClient, {
      type: 'messages.authored',
      conversationId: t.conv.id,
      authors: { [newest.id]: { kind: 'person', name: 'Ada Admin', username: 'ada@acme.test' } },
    });
    await waitFor(async () => expect(within(await bubble(newest.id)).getByText('You')).toBeInTheDocument());
    expect(within(await bubble(newest.id)).queryByText(/via AI agent/)).not.toBeInTheDocument();
  });
});
