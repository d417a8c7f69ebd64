import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyLiveEvent } from '@/data/live-events';
import { call } from '@/lib/api-client';
import { liveWorkspaceDb, server, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';
import { toastShown } from '@/test/toasts';

// My status in the navigation, through the real BFF and its database: the dot and its word, a menu
// to choose another that shows it at once and keeps it; a refusal puts it back and says so; a
// change from another tab arrives on the live stream.

withBff({ live: true, database: true, as: 'agent' });
beforeAll(stubLayout);
beforeEach(async () => {
  await liveWorkspaceDb().deleteFrom('availability').execute();
});
afterEach(cleanup);

const ANA = 'ana@acme.test';
const nav = () => screen.getByRole('navigation', { name: 'Main' });
/** The status button, once its menu's code has loaded (a stand-in, disabled, shows until then). */
const statusButton = async (word: string) => {
  const name = `Your status: ${word}. Change it`;
  await waitFor(() => expect(within(nav()).getByRole('button', { name })).toBeEnabled());
  return within(nav()).getByRole('button', { name });
};
const myChoice = async () =>
  (await call('availability.list')).members.find((m) => m.username === ANA)?.chosen;

describe('the status control', () => {
  it('shows my status and changes it from its menu, at once and for good', async () => {
    const user = userEvent.setup();
    await renderRoutes('/reminders');
    await user.click(await statusButton('Available'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['Available', 'Busy', 'Away']);
    expect(within(menu).getByRole('menuitemradio', { name: 'Available' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(menu).toHaveTextContent('Away by itself after 10 min with no Chatdesk tab open.');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Busy' }));
    expect(await statusButton('Busy')).toBeInTheDocument();
    await waitFor(async () => expect(await myChoice()).toBe('busy'));
  });

  it('shows the choice while it is sent, and puts it back with a toast when the BFF refuses', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.put('*/bff/availability/me', async () => {
        await held;
        return HttpResponse.json(
          { statusCode: 503, error: 'Service Unavailable', message: 'Availability is not kept right now' },
          { status: 503 },
        );
      }),
    );
    const user = userEvent.setup();
    await renderRoutes('/reminders');
    await user.click(await statusButton('Available'));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Away' }));
    expect(within(nav()).getByRole('button', { name: 'Your status: Away. Change it' })).toBeInTheDocument();
    release();
    await toastShown('Your status could not be changed');
    expect(await statusButton('Available')).toBeInTheDocument();
    expect(await myChoice()).toBe('available');
  });

  it('follows a change made in another tab, as the live stream tells it', async () => {
    const { queryClient } = await renderRoutes('/reminders');
    await statusButton('Available');
    await call('availability.set', { body: { status: 'busy' } });
    applyLiveEvent(queryClient, { type: 'availability.changed', username: ANA, status: 'busy', auto: false });
    expect(await statusButton('Busy')).toBeInTheDocument();
  });
});
