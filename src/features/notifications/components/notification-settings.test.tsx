import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';

// Settings → Notifications through the real BFF: ticking desktop notifications says what the
// browser did with the question (jsdom has no Notification: each test gives the one it needs).

withBff({ live: true, database: true, as: 'agent' });
beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A browser's Notification whose permission prompt answers `answer` (or throws). */
function stubNotification(answer: NotificationPermission | Error) {
  const stub = {
    permission: 'default' as NotificationPermission,
    requestPermission: vi.fn(() =>
      answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer),
    ),
  };
  vi.stubGlobal('Notification', stub);
  return stub;
}

/** Ticks desktop notifications on (the person's preference outlives a test: off first if on). */
async function tickDesktop(user: ReturnType<typeof userEvent.setup>) {
  const box = await screen.findByRole('checkbox', { name: /Desktop notifications/ });
  if ((box as HTMLInputElement).checked) {
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    await waitFor(() => expect(box).toBeEnabled());
  }
  await user.click(box);
  return box;
}

describe('notification settings', () => {
  it('says so when the browser cannot ask and the prompt comes back unanswered', async () => {
    const user = userEvent.setup();
    const stub = stubNotification('default');
    await renderRoutes('/settings/notifications');
    const box = await tickDesktop(user);
    expect(stub.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('alert')).toHaveTextContent(/did not allow notifications/);
    await waitFor(() => expect(box).toBeChecked());
  });

  it('says the browser blocks them when it refuses', async () => {
    const user = userEvent.setup();
    stubNotification('denied');
    await renderRoutes('/settings/notifications');
    await tickDesktop(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/blocks notifications/);
  });

  it('confirms when the browser allows them', async () => {
    const user = userEvent.setup();
    stubNotification('granted');
    await renderRoutes('/settings/notifications');
    await tickDesktop(user);
    expect(await screen.findByText('This browser shows Chatdesk’s notifications.')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('treats a prompt that throws as a browser that cannot show notifications', async () => {
    const user = userEvent.setup();
    stubNotification(new TypeError('not a function'));
    await renderRoutes('/settings/notifications');
    await tickDesktop(user);
    expect(await screen.findByText('This browser cannot show notifications.')).toBeInTheDocument();
  });
});
