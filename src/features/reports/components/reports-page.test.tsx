import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';

// The reports screen through the real BFF and its database: the range in the URL, the figures and
// tables (empty history says so), managers only.

withBff({ live: true, database: true, as: 'manager' });
beforeAll(stubLayout);
afterEach(cleanup);

describe('reports', () => {
  it('shows the range from the URL, the figures and the tables, and changes the range in the URL', async () => {
    const { router } = await renderRoutes('/reports?from=2026-01-01&to=2026-01-07');
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByText('First response, median')).toBeInTheDocument();
    expect(screen.getByText(/Closed threads count from/)).toBeInTheDocument();
    const byDay = screen.getByRole('region', { name: 'Messages by day' });
    expect(within(byDay).getByText('No messages in this range.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports' })).toBeInTheDocument();
    // A date input's picker is the browser's; its change is what the page sees.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-03' } });
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ from: '2026-01-03', to: '2026-01-07' }),
    );
  });

  it('says on the field when From is after To, and asks nothing of the BFF', async () => {
    await renderRoutes('/reports?from=2026-01-09&to=2026-01-07');
    const from = await screen.findByLabelText('From');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('From must be on or before To.');
    expect(from).toHaveAccessibleDescription('From must be on or before To.');
    expect(screen.queryByText('The report could not be loaded')).toBeNull();
    expect(screen.queryByText('First response, median')).toBeNull();
  });

  it('counts one closed thread in the singular and says from when each figure is counted', async () => {
    await renderRoutes('/reports?from=2026-01-01&to=2026-01-07');
    expect(await screen.findByText(/Closed threads count from .*, when recording began/)).toBeInTheDocument();
    expect(screen.queryByText(/nothing before it is counted/)).toBeNull();
    expect(screen.getByText(/^0 threads closed$/)).toBeInTheDocument();
  });

  it('shows the pipeline stage by stage, with won and lost stages by their flags', async () => {
    const user = userEvent.setup();
    const { router } = await renderRoutes('/reports?from=2026-01-01&to=2026-01-07');
    await user.click(await screen.findByRole('link', { name: 'Pipeline' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ view: 'pipeline' }));
    const stages = await screen.findByRole('region', { name: 'Stage by stage' });
    const rows = within(stages).getAllByRole('row');
    // A header and one row per stage of the demo's board.
    expect(rows.length).toBeGreaterThan(2);
    expect(within(stages).getAllByText('Won').length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: 'Open pipeline by expected close month' })).toBeInTheDocument();
  });

  it('sends an agent to the inbox and keeps Reports out of their navigation', async () => {
    await signInAs('agent');
    const { router } = await renderRoutes('/reports');
    await waitFor(() => expect(router.state.location.pathname).toBe('/inbox'));
    expect(screen.queryByRole('link', { name: 'Reports' })).toBeNull();
  });
});
