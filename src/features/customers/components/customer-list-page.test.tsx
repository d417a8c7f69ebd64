import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render-routes';
import { fake, withBff } from '@/test/bff';

withBff();
afterEach(cleanup);

const customers = () => [...fake.workspace().crm.customers.values()];
const rows = () =>
  within(screen.getByRole('table', { name: 'Customers' }))
    .getAllByRole('row')
    .slice(1);

describe('CustomerListPage', () => {
  it('shows the statistics, filters by status and type in the URL, and pages', async () => {
    const all = customers();
    const user = userEvent.setup();
    const { router } = await renderRoutes('/customers');

    const stats = await screen.findByRole('region', { name: 'Customer statistics' });
    await waitFor(() => expect(within(stats).getByText(String(all.length))).toBeInTheDocument());
    const active = all.filter((c) => c.status === 'active').length;
    const pct = Math.round((active / all.length) * 100);
    expect(within(stats).getByText('Active').parentElement).toHaveTextContent(
      `${String(active)} (${String(pct)}%)`,
    );

    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByText(`1–20 of ${String(all.length)}`)).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'prospect');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'business');
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ status: 'prospect', type: 'business' }),
    );
    const expected = all.filter((c) => c.status === 'prospect' && c.customer_type === 'business');
    await waitFor(() =>
      expect(screen.getByText(new RegExp(`of ${String(expected.length)}$`))).toBeInTheDocument(),
    );
    for (const row of rows()) {
      expect(within(row).getByText('Prospect')).toBeInTheDocument();
      expect(within(row).getByText('Business')).toBeInTheDocument();
    }

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '10');
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2, limit: 10 }));
    await waitFor(() => expect(screen.getByText(`11–20 of ${String(all.length)}`)).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    const first = within(rows()[0]!).getByRole('link');
    expect(first.getAttribute('href')).toMatch(/^\/customers\/[0-9a-f-]{36}$/);
  });

  it('says when no customer matches the filters and offers to clear them', async () => {
    const ws = fake.workspace();
    for (const c of customers())
      if (c.status === 'archived' && c.customer_type === 'individual') ws.crm.customers.delete(c.id);
    const user = userEvent.setup();
    await renderRoutes('/customers?status=archived&type=individual');
    expect(await screen.findByText('No customers match these filters')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() => expect(rows()).toHaveLength(20));
  });

  it('shows a failure with a retry, and falls back from a bad URL', async () => {
    fake.control.fail({ method: 'GET', path: '/v1/customers', status: 500, message: 'Upstream exploded' });
    const user = userEvent.setup();
    await renderRoutes('/customers');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Customers could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    cleanup();

    await renderRoutes('/customers?status=nonsense&page=-1');
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  });
});
