import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '@/lib/api-client';
import { fake, signInAs, withBff } from '@/test/bff';
import { renderRoutes } from '@/test/render-routes';

// Settings → Background jobs through the real BFF and its job queue: an admin sees a snooze's wake
// waiting with a link to its thread, cancels it (the thread wakes: the snooze ends with its job),
// filters by state in the URL; other roles never see the page.

withBff({ live: true, database: true });
afterEach(cleanup);

const openThread = () =>
  [...fake.workspace().social.threads.values()]
    .map((t) => t.conv)
    .filter((c) => c.status === 'open' && !c.is_group)
    .sort((a, b) => (b.last_message_at ?? '').localeCompare(a.last_message_at ?? ''))[0]!;

const rows = () =>
  within(screen.getByRole('table', { name: 'Background jobs, newest first' }))
    .getAllByRole('row')
    .slice(1);

describe('Settings → Background jobs', () => {
  it('lists a waiting job with its thread, cancels it through its feature, and filters by state', async () => {
    await signInAs('admin');
    const thread = openThread();
    const until = new Date(Date.now() + 3 * 3_600_000).toISOString();
    await call('snooze.set', { params: { id: thread.id }, body: { until } });
    const user = userEvent.setup();
    const { router } = await renderRoutes('/settings/jobs');

    await screen.findByRole('heading', { name: 'Background jobs' });
    expect(screen.getByRole('link', { name: 'Background jobs' })).toHaveAttribute('aria-current', 'page');
    const [row] = rows();
    expect(row).toHaveTextContent('Snoozed thread wakes');
    expect(row).toHaveTextContent('Waiting');
    expect(row).toHaveTextContent(/Due in 3 h/);
    expect(within(row!).getByRole('link', { name: /conversation/ })).toHaveAttribute(
      'href',
      `/inbox/${thread.id}`,
    );

    await user.click(within(row!).getByRole('button', { name: 'Cancel snoozed thread wakes job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this job?' });
    expect(dialog).toHaveTextContent('The snooze ends now');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel job' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Cancelled'));
    expect(within(rows()[0]!).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    const shown = await call('screens.thread', { query: { id: thread.id } });
    expect(shown.conversation.status).toBe('open');

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'failed');
    await waitFor(() => expect(router.state.location.search).toEqual({ state: 'failed' }));
    expect(await screen.findByText('No jobs match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await screen.findByRole('table', { name: 'Background jobs, newest first' });
  });

  it('is not shown to a manager, who lands on the settings they have', async () => {
    await signInAs('manager');
    const { router } = await renderRoutes('/settings/jobs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/stages'));
    expect(screen.queryByRole('link', { name: 'Background jobs' })).not.toBeInTheDocument();
  });
});
