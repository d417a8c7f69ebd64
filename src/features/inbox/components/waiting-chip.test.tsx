import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '@/lib/api-client';
import { conversation } from '@/contract/testing/records';
import { server, withBff } from '@/test/bff';
import { renderWithApp } from '@/test/render';
import { WaitingChip } from './waiting-chip';

// The thread header's "Waiting for an agent": an unowned open thread its channel's rule has not
// handed out says since when and why, from the BFF's assignment read; an owned one says nothing.

withBff({ live: true, database: true, as: 'agent' });
afterEach(cleanup);

const THREAD = conversation({ status: 'open', assigned_to_user_id: null });

async function waitingOn(reason: string | null) {
  const overview = await call('assignment.list', {});
  const [first, ...rest] = overview.channels;
  server.use(
    http.get('*/bff/assignment', () =>
      HttpResponse.json({
        ...overview,
        channels: [
          {
            ...first!,
            waiting: [
              {
                conversationId: THREAD.id,
                name: 'Sofia Costa',
                enteredAt: new Date(Date.now() - 12 * 60_000).toISOString(),
                reason,
              },
            ],
          },
          ...rest,
        ],
      }),
    ),
  );
}

describe('waiting for an agent', () => {
  it('says since when an unowned thread waits, and why', async () => {
    await waitingOn('Nobody on the rule is Available');
    await renderWithApp(<WaitingChip thread={THREAD} />);
    const chip = await screen.findByText(/Waiting for an agent, queued/);
    expect(chip).toHaveTextContent(/queued 12 min\.? ago: Nobody on the rule is Available/);
  });

  it('says nothing of a thread someone owns, or one not in a queue', async () => {
    await waitingOn(null);
    const owned = { ...THREAD, assigned_to_user_id: 'a0000000-0000-4000-8000-000000000001' };
    const other = conversation({ status: 'open', assigned_to_user_id: null });
    await renderWithApp(
      <>
        <WaitingChip thread={owned} />
        <WaitingChip thread={other} />
        <WaitingChip thread={THREAD} />
      </>,
    );
    // Once the waiting one shows, the read has answered: it is the only one.
    await screen.findByText(/Waiting for an agent, queued/);
    expect(screen.getAllByText(/Waiting for an agent/)).toHaveLength(1);
  });
});
