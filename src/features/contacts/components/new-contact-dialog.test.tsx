import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { fake, withBff } from '@/test/bff';
import { CustomerContacts } from './customer-contacts';

withBff();
afterEach(cleanup);

const business = () =>
  [...fake.workspace().crm.customers.values()].find((c) => c.customer_type === 'business')!;
const contactsOf = (id: string) =>
  [...fake.workspace().crm.contacts.values()].filter((c) => c.customer_id === id);

describe('New contact', () => {
  it('refuses an invalid email on its field without a request, puts upstream errors on their fields, keeps what was typed', async () => {
    const customer = business();
    const before = contactsOf(customer.id).length;
    const user = userEvent.setup();
    await renderWithApp(<CustomerContacts customerId={customer.id} />);
    await user.click(await screen.findByRole('button', { name: 'New contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'New contact' });
    const first = within(dialog).getByRole('textbox', { name: 'First name' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    const mobile = within(dialog).getByRole('textbox', { name: 'Mobile' });

    await user.type(first, 'Marta');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Ribeiro');
    await user.type(email, 'marta@');
    await user.type(mobile, '+351 912 345 678');
    await user.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Must be an email.');
    expect(first).toHaveAttribute('aria-invalid', 'false');
    expect(contactsOf(customer.id)).toHaveLength(before);

    await user.clear(email);
    await user.type(email, 'marta@ribeiro.example');
    fake.control.fail({
      method: 'POST',
      path: '/contacts',
      status: 400,
      message: 'mobile is not reachable on any channel',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    await waitFor(() => expect(mobile).toHaveAttribute('aria-invalid', 'true'));
    expect(mobile).toHaveAccessibleDescription(/^Is not reachable on any channel\./);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Some fields need attention.');
    expect(first).toHaveValue('Marta');
    expect(email).toHaveValue('marta@ribeiro.example');
    expect(contactsOf(customer.id)).toHaveLength(before);

    await user.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New contact' })).not.toBeInTheDocument(),
    );
    const created = contactsOf(customer.id).find((c) => c.email === 'marta@ribeiro.example');
    expect(created).toMatchObject({ first_name: 'Marta', last_name: 'Ribeiro', mobile: '351912345678' });
    const list = screen.getByRole('region', { name: 'Contacts' });
    expect(await within(list).findByRole('link', { name: 'Marta Ribeiro' })).toHaveAttribute(
      'href',
      `/contacts/${created!.id}`,
    );
  });

  it('makes a new primary contact, with a tag, the first of the list', async () => {
    const customer = business();
    const user = userEvent.setup();
    await renderWithApp(<CustomerContacts customerId={customer.id} />);
    await user.click(await screen.findByRole('button', { name: 'New contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'New contact' });
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Zoe');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Primary contact' }));
    const tag = [...fake.workspace().crm.tags.values()][0]!;
    await user.click(await within(dialog).findByRole('checkbox', { name: tag.name }));
    await user.click(within(dialog).getByRole('button', { name: 'Create contact' }));
    // The page behind the modal dialog is out of the accessibility tree until the BFF has answered.
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New contact' })).not.toBeInTheDocument(),
    );
    const list = screen.getByRole('region', { name: 'Contacts' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/^Zoe\s*Primary/));
    expect(within(list).getAllByText('Primary')).toHaveLength(1);
    expect(contactsOf(customer.id).find((c) => c.first_name === 'Zoe')?.tags).toEqual([tag.id]);
  });
});
