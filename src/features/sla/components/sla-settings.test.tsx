import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/lib/api-client';
import { fake, liveWorkspaceDb, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';
import { toastShown } from '@/test/toasts';

// Settings → Business hours & SLA through the real BFF and its database, as an admin: the
// contract's check refuses a zero target and overlapping shifts on their section before anything
// is sent, naming the channel or the day; a good save is kept and read back.

withBff({ live: true, database: true, as: 'admin' });
beforeAll(stubLayout);
afterEach(async () => {
  cleanup();
  await liveWorkspaceDb().deleteFrom('sla_policies').execute();
  await liveWorkspaceDb().deleteFrom('sla_settings').execute();
});

const firstChannel = () =>
  [...fake.workspace().social.channels].sort((a, b) => a.name.localeCompare(b.name))[0]!;

describe('business hours and SLA settings', () => {
  it('refuses a zero target and overlapping shifts on their fields, then saves', async () => {
    const user = userEvent.setup();
    await renderRoutes('/settings/sla');
    const form = await screen.findByRole('form', { name: 'Business hours and SLA' });
    const channel = firstChannel();
    const target = await within(form).findByRole('textbox', {
      name: `${channel.name}: first response target in minutes`,
    });
    await user.type(target, '0');
    await user.click(within(form).getByRole('button', { name: 'Add a shift on Monday' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText(`${channel.name}, first response: must not be less than 1.`),
    ).toBeVisible();
    expect(within(form).getByText('Monday: has shifts that overlap.')).toBeVisible();
    expect((await call('sla.get', {})).policies).toEqual([]);

    await user.click(within(form).getByRole('button', { name: 'Remove Monday shift 2' }));
    await user.clear(target);
    await user.type(target, '30');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await toastShown('Business hours and SLA targets saved');
    await waitFor(async () =>
      expect((await call('sla.get', {})).policies).toEqual([
        expect.objectContaining({ channelId: channel.id, firstResponseMinutes: 30, businessHours: true }),
      ]),
    );
  });
});
