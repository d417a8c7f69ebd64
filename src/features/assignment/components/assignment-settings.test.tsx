import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '@/lib/api-client';
import { liveWorkspaceDb, server, signInAs, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';
import { toastShown } from '@/test/toasts';

// Settings → Assignment through the real BFF and its database: an admin sets a channel's rule
// (checked by the contract before sending: a cap of 0 stays on its field and nothing is sent), the
// rule is kept and read back; an agent reads the rules in words; a channel's waiting threads show
// oldest first with why they wait; a failed read has its screen.

withBff({ live: true, database: true, as: 'admin' });
beforeAll(stubLayout);
beforeEach(async () => {
  await liveWorkspaceDb().deleteFrom('assignment_rules').execute();
  await liveWorkspaceDb().deleteFrom('assignment_waiting').execute();
});
afterEach(cleanup);

const section = async (name: string) => screen.findByRole('region', { name });

describe('assignment settings', () => {
  it('an admin sets a channel’s rule: checked before sending, kept, read back', async () => {
    await renderRoutes('/settings/assignment');
    expect(await screen.findByRole('heading', { name: 'Assignment', level: 1 })).toBeInTheDocument();
    const sales = await section('Acme Sales');
    const form = within(sales).getByRole('form', { name: 'Acme Sales rule' });
    const user = userEvent.setup();
    // Off, so nothing is handed out while the test runs; the rest as an admin would set it.
    await user.click(within(form).getByLabelText('Assign new threads automatically'));
    await user.selectOptions(within(form).getByLabelText('How'), 'least-loaded');
    await user.click(within(form).getByRole('checkbox', { name: 'Marco Manager' }));
    const cap = within(form).getByLabelText('Open threads per teammate at most');
    await user.type(cap, '0');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(await within(form).findByText('Must not be less than 1.')).toBeInTheDocument();
    expect(cap).toHaveAttribute('aria-invalid', 'true');
    expect(
      (await call('assignment.list', {})).channels.find((c) => c.channelName === 'Acme Sales')?.rule,
    ).toBeNull();

    await user.clear(cap);
    await user.type(cap, '4');
    await user.type(within(form).getByLabelText('No reply within (minutes)'), '20');
    await user.selectOptions(within(form).getByLabelText('Then the thread goes'), 'To Ada Admin');
    await user.click(within(form).getByRole('button', { name: 'Save rule' }));
    await toastShown('Acme Sales: rule saved (off)');
    const kept = (await call('assignment.list', {})).channels.find(
      (c) => c.channelName === 'Acme Sales',
    )?.rule;
    expect(kept).toMatchObject({
      enabled: false,
      mode: 'least-loaded',
      members: ['ana@acme.test', 'ada@acme.test'],
      cap: 4,
      noReplyMinutes: 20,
      noReplyTo: 'ada@acme.test',
      updatedBy: 'ada@acme.test',
    });
    expect(within(sales).getByText('Off')).toBeInTheDocument();
  });

  it('an agent reads the rules in words and cannot change them', async () => {
    const channel = (await call('assignment.list', {})).channels.find(
      (c) => c.channelName === 'Acme Support',
    )!;
    await call('assignment.set', {
      params: { channelId: channel.channelId },
      body: {
        enabled: false,
        mode: 'round-robin',
        members: ['ana@acme.test'],
        cap: 3,
        noReplyMinutes: null,
        noReplyTo: null,
      },
    });
    await signInAs('agent');
    await renderRoutes('/settings/assignment');
    const support = await section('Acme Support');
    expect(within(support).getByText('Threads are not assigned automatically.')).toBeInTheDocument();
    expect(within(support).queryByRole('form')).toBeNull();
    expect(screen.getByText(/Only admins change the rules/)).toBeInTheDocument();
  });

  it('shows a channel’s waiting threads oldest first, with why they wait', async () => {
    const overview = await call('assignment.list', {});
    const sales = overview.channels.find((c) => c.channelName === 'Acme Sales')!;
    server.use(
      http.get('*/bff/assignment', () =>
        HttpResponse.json({
          ...overview,
          channels: overview.channels.map((c) =>
            c.channelId === sales.channelId
              ? {
                  ...c,
                  waiting: [
                    {
                      conversationId: 'c0c0c0c0-0000-4000-8000-000000000001',
                      name: 'Sofia Costa',
                      enteredAt: new Date(Date.now() - 30 * 60_000).toISOString(),
                      reason: 'Everyone Available holds 3 open threads (the cap)',
                    },
                    {
                      conversationId: 'c0c0c0c0-0000-4000-8000-000000000002',
                      name: 'Rui Lopes',
                      enteredAt: new Date(Date.now() - 5 * 60_000).toISOString(),
                      reason: null,
                    },
                  ],
                }
              : c,
          ),
        }),
      ),
    );
    await renderRoutes('/settings/assignment');
    const list = await screen.findByRole('list', { name: 'Waiting on Acme Sales, oldest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('link').textContent)).toEqual(['Sofia Costa', 'Rui Lopes']);
    expect(items[0]).toHaveTextContent(/began waiting 30 min\.? ago/);
    expect(items[0]).toHaveTextContent('Everyone Available holds 3 open threads (the cap)');
    await waitFor(() => expect(screen.getAllByText('No thread is waiting.').length).toBeGreaterThan(0));
  });

  it('shows the error screen when the rules cannot be read', async () => {
    server.use(http.get('*/bff/assignment', () => HttpResponse.error()));
    await renderRoutes('/settings/assignment');
    expect(await screen.findByText('The assignment rules could not be loaded')).toBeInTheDocument();
  });
});
