import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '@/lib/api-client';
import { renderRoutes } from '@/test/render-routes';
import { BFF_ORIGIN, fake, signInAs, withBff } from '@/test/bff';

// The live workspace: the log names records from its tables.
withBff({ database: true, live: true });
afterEach(cleanup);

const rows = () =>
  within(screen.getByRole('table', { name: 'Audit log, newest first' }))
    .getAllByRole('row')
    .slice(1);

/** A sign-in with a wrong password: the log records it as a failure with the account's name. */
async function failSignIn(username: string): Promise<void> {
  const res = await fetch(`${BFF_ORIGIN}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1' },
    body: JSON.stringify({ username, password: 'not-the-password' }),
  });
  expect(res.status).toBe(401);
}

describe('Settings → Audit log', () => {
  it('lists who did what, newest first, and filters in the URL', async () => {
    const customer = [...fake.workspace().crm.customers.values()][0]!;
    await call('customers.update', { params: { id: customer.id }, body: { industry: 'Audited change' } });
    await failSignIn('ana@acme.test');
    const user = userEvent.setup();
    const { router } = await renderRoutes('/settings/audit');

    await screen.findByRole('heading', { name: 'Audit log' });
    expect(screen.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
    // Newest first: the failed sign-in, then the change, in words with a link to the record changed,
    // and the raw call (the account, the route id and its path) for the admin who wants it.
    const [failed, change] = rows();
    expect(failed).toHaveTextContent('Sign-in failed for ana@acme.test');
    expect(within(failed!).getByText('auth.login')).toBeInTheDocument();
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
    expect(change).toHaveTextContent(`Ada Admin updated customer ${customer.name}: industry`);
    expect(within(change!).getByRole('link', { name: customer.name })).toHaveAttribute(
      'href',
      `/customers/${customer.id}`,
    );
    expect(within(change!).getByText('customers.update')).toBeInTheDocument();
    expect(within(change!).getByText('PATCH /v1/customers/{id}')).toBeInTheDocument();
    expect(within(change!).getByText('ada@acme.test')).toBeInTheDocument();
    expect(within(change!).getByText(customer.id)).toBeInTheDocument();
    expect(within(change!).getByText('Succeeded')).toBeInTheDocument();
    expect(change).not.toHaveTextContent('Audited change');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Outcome' }), 'failure');
    await waitFor(() => expect(router.state.location.search).toEqual({ outcome: 'failure' }));
    await waitFor(() => expect(rows().every((r) => within(r).queryByText('Failed') !== null)).toBe(true));
    expect(screen.queryByText('customers.update')).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Person' }), 'ada@acme.test{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ outcome: 'failure', user: 'ada@acme.test' }),
    );
    await screen.findByText('No entries match these filters');

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByRole('searchbox', { name: 'Person' })).toHaveValue('');
    await waitFor(() => expect(screen.getByText('customers.update')).toBeInTheDocument());
  });

  it('names who moved which lead to which stage, the lead linked to its drawer', async () => {
    const { crm } = fake.workspace();
    const lead = [...crm.leads.values()][0]!;
    const stage = crm.stages.find((s) => s.key !== lead.status)!;
    await signInAs('manager');
    await call('leads.update', { params: { id: lead.id }, body: { status: stage.key } });
    await signInAs('admin');
    await renderRoutes('/settings/audit');

    await screen.findByRole('heading', { name: 'Audit log' });
    const moved = rows().find((r) => within(r).queryByText('leads.update') !== null)!;
    expect(moved).toHaveTextContent(`Marco Manager moved lead ${lead.name} to ${stage.name}`);
    expect(within(moved).getByRole('link', { name: lead.name })).toHaveAttribute(
      'href',
      `/leads?lead=${lead.id}`,
    );
    // The sign-ins around it, in words too.
    expect(rows()[0]).toHaveTextContent('Ada Admin signed in');
  });

  it('says when a date range runs backwards and does not apply it', async () => {
    await renderRoutes('/settings/audit?from=2026-11-20&to=2026-11-01');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The range ends before it starts');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    // The entries shown are not limited by the rejected range.
    expect(rows().length).toBeGreaterThan(0);
  });

  it('is for admins: another role lands on the lead stages and sees no Audit log tab', async () => {
    await signInAs('manager');
    const { router } = await renderRoutes('/settings/audit');
    await screen.findByRole('heading', { name: 'Lead stages' });
    expect(router.state.location.pathname).toBe('/settings/stages');
    expect(within(screen.getByRole('navigation', { name: 'Settings' })).queryByText('Audit log')).toBeNull();
  });
});
