import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fake, signInAs, withBff } from '@/test/bff';
import { renderRoutes as renderInbox, stubLayout } from '@/test/render-routes';

// A thread nobody linked to a CRM contact (issue 36.5): the panel offers a way forward, prefilled
// from the thread, and shows the person once they are in the CRM, after a reload too.

withBff({ live: true, as: 'manager' });
beforeAll(stubLayout);
afterEach(cleanup);

/** A one-to-one thread of the seed on a phone number, linked to no contact, and its digits. */
function unlinkedThread() {
  for (const t of fake.workspace().social.threads.values()) {
    const digits = t.conv.external_thread_id.replace(/\D/g, '');
    if (
      !t.conv.is_group &&
      !t.conv.contact_id &&
      !t.conv.customer_id &&
      !t.conv.lead_id &&
      digits.length >= 10
    )
      return { t, digits };
  }
  throw new Error('the seed has no unlinked thread on a number');
}

const details = () => screen.findByRole('complementary', { name: 'Details' });

describe('a thread nobody linked', () => {
  it('adds the person to the CRM from the thread, with a customer of their own, and shows them', async () => {
    const { t, digits } = unlinkedThread();
    const user = userEvent.setup();
    await renderInbox(`/inbox/${t.conv.id}`);
    const panel = await details();
    expect(await within(panel).findByText('This person is not in the CRM yet.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Add to the CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to the CRM' });
    // The number comes from the thread.
    expect(within(dialog).getByRole('textbox', { name: 'Mobile' })).toHaveValue(`+${digits}`);
    const first = within(dialog).getByRole('textbox', { name: 'First name' });
    const last = within(dialog).getByRole('textbox', { name: 'Last name' });
    await user.clear(first);
    await user.clear(last);
    // Nothing is sent without a name.
    await user.click(within(dialog).getByRole('button', { name: 'Add to the CRM' }));
    expect(await within(dialog).findByText('Give the person a name')).toBeInTheDocument();
    await user.type(first, 'Noor');
    await user.type(last, 'Haddad');
    await user.click(within(dialog).getByRole('button', { name: 'Add to the CRM' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add to the CRM' })).toBeNull());

    // The panel shows them at once, with the customer made for them.
    expect(await within(panel).findByText('Found by the thread’s number.')).toBeInTheDocument();
    expect(within(panel).getAllByText('Noor Haddad').length).toBeGreaterThanOrEqual(2);
    const crm = fake.workspace().crm;
    const contact = [...crm.contacts.values()].find((c) => c.first_name === 'Noor')!;
    // Numbers are kept as E.164 digits, as the contact form keeps them.
    expect(contact).toMatchObject({ last_name: 'Haddad', mobile: digits });
    expect(crm.customers.get(contact.customer_id)).toMatchObject({
      name: 'Noor Haddad',
      customer_type: 'individual',
    });

    // A reload: the BFF finds them by the thread's number.
    cleanup();
    await renderInbox(`/inbox/${t.conv.id}`);
    expect(await within(await details()).findByText('Found by the thread’s number.')).toBeInTheDocument();
  });

  it('creates a lead prefilled from the thread, and tells an agent who can add the person', async () => {
    const { t, digits } = unlinkedThread();
    const user = userEvent.setup();
    await renderInbox(`/inbox/${t.conv.id}`);
    const panel = await details();
    await user.click(await within(panel).findByRole('button', { name: 'Create lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create lead' });
    expect(within(dialog).getByRole('textbox', { name: 'Phone' })).toHaveValue(`+${digits}`);
    const name = within(dialog).getByRole('textbox', { name: 'Lead name' });
    expect((name as HTMLInputElement).value).not.toBe('');
    await user.clear(name);
    await user.type(name, 'Haddad fit-out');
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Create lead' }));
    // The contract refuses a negative value on its field; nothing typed is lost.
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Value' })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Lead name' })).toHaveValue('Haddad fit-out');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Value' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), '1200');
    await user.click(within(dialog).getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create lead' })).toBeNull());
    const lead = [...fake.workspace().crm.leads.values()].find((l) => l.name === 'Haddad fit-out')!;
    expect(lead).toMatchObject({ phone: `+${digits}`, value: 1200, source: 'Inbox' });

    cleanup();
    await signInAs('agent');
    await renderInbox(`/inbox/${t.conv.id}`);
    const agentPanel = await details();
    expect(await within(agentPanel).findByText(/A manager can add them/)).toBeInTheDocument();
    expect(within(agentPanel).queryByRole('button', { name: 'Add to the CRM' })).toBeNull();
  });
});
