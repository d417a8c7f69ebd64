import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { meQuery } from '@/data/session';
import { renderWithApp } from '@/test/render';
import { renderRoutes } from '@/test/render-routes';
import { fake, signInAs, withBff } from '@/test/bff';
import { ContactPage } from './contact-page';

withBff({ live: true });
afterEach(cleanup);

const threadsOf = (contactId: string) =>
  [...fake.workspace().social.threads.values()].map((t) => t.conv).filter((c) => c.contact_id === contactId);
/** A contact with a mobile and no conversation yet. */
const withMobile = () =>
  [...fake.workspace().crm.contacts.values()].find(
    (c) => c.mobile && c.last_name && threadsOf(c.id).length === 0,
  )!;

describe('ContactPage', () => {
  it('opens the contact’s newest open conversation from Message when one exists', async () => {
    const contact = [...fake.workspace().crm.contacts.values()].find((c) =>
      threadsOf(c.id).some((t) => t.status === 'open'),
    )!;
    const open = threadsOf(contact.id)
      .filter((t) => t.status === 'open')
      .sort((a, b) => (b.last_message_at ?? '').localeCompare(a.last_message_at ?? ''))[0]!;
    const { router } = await renderWithApp(<ContactPage contactId={contact.id} />);
    const message = await screen.findByRole('link', { name: 'Message' });
    expect(message).toHaveAttribute('href', `/inbox/${open.id}`);
    // Every thread linked to the contact is listed on the page, opening in the inbox.
    const listed = within(screen.getByRole('region', { name: 'Conversations' }))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href') ?? '');
    for (const t of threadsOf(contact.id))
      expect(listed.some((href) => href.startsWith(`/inbox/${t.id}`))).toBe(true);
    await userEvent.click(message);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/inbox/${open.id}`));
  });

  it('opens the newest conversation when none is open', async () => {
    const contact = [...fake.workspace().crm.contacts.values()].find((c) => threadsOf(c.id).length > 0)!;
    for (const t of threadsOf(contact.id)) t.status = 'closed';
    const newest = threadsOf(contact.id).sort((a, b) =>
      (b.last_message_at ?? '').localeCompare(a.last_message_at ?? ''),
    )[0]!;
    await renderWithApp(<ContactPage contactId={contact.id} />);
    expect(await screen.findByRole('link', { name: 'Message' })).toHaveAttribute(
      'href',
      `/inbox/${newest.id}`,
    );
  });

  it('links Message to a new conversation with the number and name when there is none, and saves edits', async () => {
    const contact = withMobile();
    const user = userEvent.setup();
    const { router } = await renderWithApp(
      <ContactPage contactId={contact.id} customer={(id) => <span data-testid="customer">{id}</span>} />,
    );
    const name = `${contact.first_name ?? ''} ${contact.last_name ?? ''}`;
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(screen.getByTestId('customer')).toHaveTextContent(contact.customer_id);

    // The form waits for the role (an admin here) to be known.
    const form = await screen.findByRole('form', { name: 'Edit contact' });
    const save = within(form).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    const position = within(form).getByRole('textbox', { name: 'Position' });
    await user.clear(position);
    await user.type(position, 'Chief Buyer');
    await user.click(save);
    await waitFor(() => expect(fake.workspace().crm.contacts.get(contact.id)?.position).toBe('Chief Buyer'));
    await waitFor(() => expect(save).toBeDisabled());

    // The router serialises search values itself; what the inbox route receives is what counts.
    const message = await screen.findByRole('link', { name: 'Message' });
    expect(message.getAttribute('href')).toMatch(/^\/inbox\/new\?/);
    await user.click(message);
    await waitFor(() => expect(router.state.location.pathname).toBe('/inbox/new'));
    expect(router.state.location.search).toEqual({ to: contact.mobile!.replace(/\D/g, ''), name });
  });

  it('refuses a local mobile for messaging and says what to add', async () => {
    const contact = withMobile();
    fake.workspace().crm.contacts.set(contact.id, { ...contact, mobile: '0912 345 678', phone: null });
    await renderWithApp(<ContactPage contactId={contact.id} />);
    expect(await screen.findByText(/add a mobile number with its country code/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('shows an agent the contact read-only, says who can edit, and keeps Message', async () => {
    await signInAs('agent');
    const contact = [...fake.workspace().crm.contacts.values()].find(
      (c) => c.mobile && c.email && c.first_name,
    )!;
    const { queryClient } = await renderWithApp(<ContactPage contactId={contact.id} />);
    await screen.findByRole('heading', { level: 1 });
    // While `/bff/me` loads nothing is allowed: a missing form proves nothing until it has answered.
    await waitFor(() => expect(queryClient.getQueryState(meQuery().queryKey)?.status).toBe('success'));
    const section = screen.getByRole('region', { name: 'Contact details' });
    expect(within(section).getByText('Only managers and admins can edit contacts.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Edit contact' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Message' })).toBeInTheDocument();
    expect(within(section).getByText(contact.first_name!)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: contact.email! })).toHaveAttribute(
      'href',
      `mailto:${contact.email!}`,
    );
  });

  it('says a missing contact is not in this workspace', async () => {
    // The route owns the not-found screen: a missing contact and an id that is none alike.
    await renderRoutes('/contacts/6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b');
    expect(await screen.findByText('This contact is not in this workspace')).toBeInTheDocument();
  });
});
