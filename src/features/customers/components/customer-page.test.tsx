import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fake, reloadLiveWorkspace, withBff } from '@/test/bff';
import { renderRoutes } from '@/test/render-routes';

withBff({ live: true });
afterEach(cleanup);

/** A business customer with at least two contacts and some activity, from the seed. */
function pickCustomer() {
  const { crm } = fake.workspace();
  const customer = [...crm.customers.values()].find((c) => {
    const contacts = [...crm.contacts.values()].filter((x) => x.customer_id === c.id);
    const acts = [...crm.activities.values()].filter((a) => a.customer_id === c.id);
    return c.customer_type === 'business' && contacts.length >= 2 && acts.length >= 1;
  });
  if (!customer) throw new Error('the seed has no business customer with contacts and activities');
  return customer;
}

// The customer's route composes the page with the contacts feature's section, as the app does.
const render = (id: string) => renderRoutes(`/customers/${id}`);

describe('CustomerPage', () => {
  it('shows details, address, tags by name, contacts primary first and the timeline', async () => {
    const customer = pickCustomer();
    const { crm } = fake.workspace();
    await render(customer.id);
    expect(await screen.findByRole('heading', { level: 1, name: customer.name })).toBeInTheDocument();
    const address = screen.getByRole('group', { name: 'Address' });
    expect(address).toHaveTextContent(customer.address?.country ?? '');
    expect(address.lastElementChild).toHaveTextContent(customer.address?.country ?? '');

    const tagNames = (customer.tags ?? []).map((id) => crm.tags.get(id)?.name);
    const tagSection = screen.getByRole('region', { name: 'Tags' });
    for (const name of tagNames) expect(await within(tagSection).findByText(name!)).toBeInTheDocument();

    const contacts = screen.getByRole('region', { name: 'Contacts' });
    const primary = [...crm.contacts.values()].find((c) => c.customer_id === customer.id && c.is_primary)!;
    const items = await within(contacts).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent(`${primary.first_name ?? ''} ${primary.last_name ?? ''}`.trim());
    expect(within(items[0]!).getByText('Primary')).toBeInTheDocument();

    expect(await screen.findByRole('region', { name: 'Activity' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Custom fields' })).toHaveTextContent('Account tier');
    expect(screen.getByRole('region', { name: 'Possibly related leads' })).toHaveTextContent('found by name');
  });

  it('edits the address, refusing an invalid email on its field without a request', async () => {
    const customer = pickCustomer();
    const user = userEvent.setup();
    await render(customer.id);
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('form', { name: 'Edit customer details' });
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    const email = within(form).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'not-an-email');
    const city = within(form).getByRole('textbox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Lisbon');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Must be an email.');
    expect(fake.workspace().crm.customers.get(customer.id)?.address?.city).toBe(customer.address?.city);

    await user.clear(email);
    await user.type(email, 'billing@example.com');
    expect(email).toHaveAttribute('aria-invalid', 'false');
    expect(city).toHaveValue('Lisbon');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Edit customer details' })).not.toBeInTheDocument(),
    );
    const stored = fake.workspace().crm.customers.get(customer.id)!;
    expect(stored.address?.city).toBe('Lisbon');
    expect(stored.address?.street).toBe(customer.address?.street);
    expect(stored.email).toBe('billing@example.com');
    expect(screen.getByRole('group', { name: 'Address' })).toHaveTextContent('Lisbon');
    expect(screen.getByRole('button', { name: 'Edit details' })).toHaveFocus();
  });

  it("puts the upstream's field errors on the details form and keeps what was typed", async () => {
    const customer = pickCustomer();
    fake.control.fail({
      method: 'PATCH',
      path: '/v1/customers/{id}',
      status: 400,
      message: 'website is not reachable',
    });
    const user = userEvent.setup();
    await render(customer.id);
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('form', { name: 'Edit customer details' });
    const website = within(form).getByRole('textbox', { name: 'Website' });
    await user.clear(website);
    await user.type(website, 'https://new.example');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(website).toHaveAccessibleDescription('Is not reachable.'));
    expect(within(form).getByRole('alert')).toHaveTextContent('Some fields need attention.');
    expect(website).toHaveValue('https://new.example');
    expect(fake.workspace().crm.customers.get(customer.id)?.website).toBe(customer.website);
  });

  it('adds a tag through the picker', async () => {
    const customer = pickCustomer();
    const { crm } = fake.workspace();
    const missing = [...crm.tags.values()].find((t) => !(customer.tags ?? []).includes(t.id))!;
    const user = userEvent.setup();
    await render(customer.id);
    await user.click(await screen.findByRole('button', { name: 'Add tags' }));
    const picker = await screen.findByRole('dialog', { name: 'Add tags' });
    await user.click(within(picker).getByRole('checkbox', { name: missing.name }));
    await user.click(within(picker).getByRole('button', { name: 'Add tag' }));
    const tags = screen.getByRole('region', { name: 'Tags' });
    expect(await within(tags).findByText(missing.name)).toBeInTheDocument();
    await waitFor(() => expect(fake.workspace().crm.customers.get(customer.id)?.tags).toContain(missing.id));
  });

  it('logs a call that needs a follow-up and pins it above the timeline', async () => {
    const customer = pickCustomer();
    const user = userEvent.setup();
    await render(customer.id);
    await user.click(await screen.findByRole('button', { name: 'Log activity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log activity' });
    await user.click(within(dialog).getByRole('button', { name: 'Log activity' }));
    expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveAttribute('aria-invalid', 'true');

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Subject' }),
      'Renewal call with procurement',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Outcome' }), 'follow_up_needed');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Duration (minutes)' }), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Log activity' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Log activity' })).not.toBeInTheDocument(),
    );

    const pinned = await screen.findByRole('region', { name: /Needs follow-up/ });
    const card = within(pinned).getByRole('article', { name: 'Call: Renewal call with procurement' });
    expect(card).toHaveTextContent('Follow-up needed');
    expect(card).toHaveTextContent('25 min');
    const logged = [...fake.workspace().crm.activities.values()].find(
      (a) => a.subject === 'Renewal call with procurement',
    );
    expect(logged).toMatchObject({
      customer_id: customer.id,
      activity_type: 'call',
      outcome: 'follow_up_needed',
      duration_minutes: 25,
    });
  });

  it('edits custom fields by their described types', async () => {
    const customer = pickCustomer();
    const user = userEvent.setup();
    await render(customer.id);
    const section = await screen.findByRole('region', { name: 'Custom fields' });
    await user.click(await within(section).findByRole('button', { name: 'Edit fields' }));
    const form = within(section).getByRole('form', { name: 'Edit custom fields' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Account tier' }), 'platinum');
    const seats = within(form).getByRole('spinbutton', { name: 'Seats' });
    await user.clear(seats);
    await user.type(seats, '42');
    await user.click(within(form).getByRole('button', { name: 'Save fields' }));
    await waitFor(() => expect(within(section).queryByRole('form')).not.toBeInTheDocument());
    expect(section).toHaveTextContent('Platinum');
    const stored = fake.workspace().crm.customers.get(customer.id)!.custom_fields!;
    expect(stored).toMatchObject({ account_tier: 'platinum', seats: 42 });
    expect(stored.renewal_date).toBe(customer.custom_fields?.renewal_date);
  });

  it('lists leads found by the company name as possibly related, with stage names and links', async () => {
    const customer = pickCustomer();
    const { crm } = fake.workspace();
    const lead = [...crm.leads.values()][0]!;
    crm.leads.set(lead.id, {
      ...lead,
      name: 'Lead for related test',
      company_name: customer.company_name ?? customer.name,
    });
    await reloadLiveWorkspace();
    await render(customer.id);
    const related = await screen.findByRole('region', { name: 'Possibly related leads' });
    const link = await within(related).findByRole('link', { name: 'Lead for related test' });
    expect(link.getAttribute('href')).toBe(`/leads?lead=${lead.id}`);
    const stage = crm.stages.find((st) => st.key === lead.status)!;
    await waitFor(() => expect(link.closest('li')).toHaveTextContent(stage.name));
  });

  it('lists the conversations linked to the customer or its contacts, newest first, opening in the inbox', async () => {
    const { crm, social } = fake.workspace();
    const threads = [...social.threads.values()].map((t) => t.conv);
    const linkedTo = (customerId: string) => {
      const contactIds = new Set(
        [...crm.contacts.values()].filter((c) => c.customer_id === customerId).map((c) => c.id),
      );
      return threads
        .filter((t) => t.customer_id === customerId || contactIds.has(t.contact_id ?? ''))
        .sort((a, b) => (b.last_message_at ?? '').localeCompare(a.last_message_at ?? ''));
    };
    const customer = [...crm.customers.values()].find((c) => linkedTo(c.id).length >= 1)!;
    const linked = linkedTo(customer.id);
    await render(customer.id);
    const section = await screen.findByRole('region', { name: 'Conversations' });
    const links = within(section).getAllByRole('link');
    expect(links).toHaveLength(Math.min(linked.length, 20));
    expect(links[0]!.getAttribute('href')).toMatch(new RegExp(`^/inbox/${linked[0]!.id}`));
  });

  it('says a customer of no workspace is not in this workspace', async () => {
    await render('5d8e6f1a-0b2c-4d3e-8f4a-9b0c1d2e3f4a');
    expect(await screen.findByText('This customer is not in this workspace')).toBeInTheDocument();
    // The page's own way back, not the app's navigation.
    expect(within(screen.getByRole('main')).getByRole('link', { name: /Customers/ })).toHaveAttribute(
      'href',
      '/customers',
    );
  });
});
