import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { meQuery } from '@/data/session';
import { fake, signInAs, withBff } from '@/test/bff';
import { renderRoutes } from '@/test/render-routes';

withBff({ live: true });
afterEach(cleanup);

/** A customer with contacts, tags and an editable custom field, so every action has a place. */
function pickCustomer() {
  const { crm } = fake.workspace();
  const customer = [...crm.customers.values()].find(
    (c) =>
      (c.tags?.length ?? 0) > 0 &&
      c.custom_fields?.['account_tier'] !== undefined &&
      [...crm.contacts.values()].some((x) => x.customer_id === c.id),
  );
  if (!customer) throw new Error('the seed has no customer with tags, custom fields and contacts');
  return customer;
}

/** Renders the page and waits until the role, the contacts and the field descriptions are known. */
async function renderPage(id: string) {
  // The customer's route composes the page with the contacts feature's section, as the app does.
  const view = await renderRoutes(`/customers/${id}`);
  await screen.findByRole('heading', { level: 1 });
  // While `/bff/me` loads nothing is allowed: an absent button proves nothing until it has answered.
  await waitFor(() => expect(view.queryClient.getQueryState(meQuery().queryKey)?.status).toBe('success'));
  await within(screen.getByRole('region', { name: 'Contacts' })).findAllByRole('listitem');
  await within(screen.getByRole('region', { name: 'Custom fields' })).findByText('Account tier');
  return view;
}

describe('CustomerPage by role', () => {
  it('shows an agent the customer read-only, with Log activity as the only action', async () => {
    await signInAs('agent');
    const customer = pickCustomer();
    await renderPage(customer.id);

    expect(await screen.findByRole('button', { name: 'Log activity' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add tags' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New contact' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit fields' })).not.toBeInTheDocument();

    // What an agent can read is all still there.
    const tagName = fake.workspace().crm.tags.get(customer.tags![0]!)!.name;
    expect(
      await within(screen.getByRole('region', { name: 'Tags' })).findByText(tagName),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Details and address' })).toHaveTextContent(
      customer.company_name ?? '',
    );
    expect(
      within(screen.getByRole('region', { name: 'Contacts' })).getAllByRole('link').length,
    ).toBeGreaterThan(0);
  });

  it('shows an admin every action', async () => {
    const customer = pickCustomer();
    await renderPage(customer.id);

    expect(await screen.findByRole('button', { name: 'Edit details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add tags' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New contact' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log activity' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit fields' })).toBeInTheDocument();
  });
});
