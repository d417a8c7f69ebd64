import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { roleCan } from '@/contract';
import { meQuery } from '@/data/session';
import { renderWithApp } from '@/test/render';
import { renderRoutes } from '@/test/render-routes';
import { fake, signInAs, withBff } from '@/test/bff';
import { QuickRepliesPage } from './quick-replies-page';

withBff();
// Two cores shared with other suites: give the fake and the first render time before failing.
configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);

const stored = () => [...fake.workspace().social.quickReplies.values()];

describe('QuickRepliesPage', () => {
  it('lists the replies and creates one, refusing bad input before sending and a taken shortcut after', async () => {
    const before = stored().length;
    const user = userEvent.setup();
    await renderWithApp(<QuickRepliesPage />);
    const list = await screen.findByRole('list', { name: 'Quick replies' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(before);
    expect(within(list).getByText('/pricing')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New quick reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'New quick reply' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    const shortcut = within(dialog).getByRole('textbox', { name: 'Shortcut' });
    const body = within(dialog).getByRole('textbox', { name: 'Message' });

    // The contract refuses these in the browser: nothing reaches the upstream.
    await user.type(shortcut, 'two words');
    await user.click(within(dialog).getByRole('button', { name: 'Create quick reply' }));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(shortcut).toHaveAttribute('aria-invalid', 'true');
    expect(shortcut).toHaveAccessibleDescription(/^Must be letters, digits, - or _\./);
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(stored()).toHaveLength(before);

    await user.type(title, 'Warranty');
    await user.clear(shortcut);
    await user.type(shortcut, '/pricing');
    await user.type(body, 'Every device carries a two-year warranty.');
    await user.click(within(dialog).getByRole('button', { name: 'Create quick reply' }));
    await waitFor(() =>
      expect(shortcut).toHaveAccessibleDescription(/Another quick reply already uses this shortcut/),
    );
    expect(title).toHaveAttribute('aria-invalid', 'false');
    expect(stored()).toHaveLength(before);

    await user.clear(shortcut);
    await user.type(shortcut, 'warranty');
    await user.click(within(dialog).getByRole('button', { name: 'Create quick reply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(list).findByText('/warranty')).toBeInTheDocument();
    expect(stored().find((q) => q.shortcut === 'warranty')?.body).toBe(
      'Every device carries a two-year warranty.',
    );
  });

  it('edits a reply and deletes another after confirming', async () => {
    const user = userEvent.setup();
    await renderWithApp(<QuickRepliesPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Greeting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit quick reply' });
    const body = within(dialog).getByRole('textbox', { name: 'Message' });
    expect(body).toHaveValue('Hi there! Thanks for reaching out to Acme. How can I help you today?');
    await user.clear(body);
    await user.type(body, 'Hello! How can we help?');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Hello! How can we help?')).toBeInTheDocument();
    expect(stored().find((q) => q.shortcut === 'hi')?.body).toBe('Hello! How can we help?');

    await user.click(screen.getByRole('button', { name: 'Delete Pricing' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this quick reply?' });
    expect(confirm).toHaveTextContent('“Pricing” (/pricing) will be gone for everyone on the team.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete Pricing' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(stored().some((q) => q.shortcut === 'pricing')).toBe(false));
  });

  it('puts a refused delete back', async () => {
    fake.control.fail({ method: 'DELETE', path: '/v1/quick-replies/{id}', status: 500, message: 'boom' });
    const user = userEvent.setup();
    await renderWithApp(<QuickRepliesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Closing' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Delete Closing' })).toBeInTheDocument();
    expect(stored().some((q) => q.shortcut === 'bye')).toBe(true);
  });

  it('offers an agent exactly what the role table grants', async () => {
    await signInAs('agent');
    const { queryClient } = await renderWithApp(<QuickRepliesPage />);
    await screen.findByRole('list', { name: 'Quick replies' });
    // While `/bff/me` loads nothing is allowed: wait for the role before reading what is offered.
    await waitFor(() => expect(queryClient.getQueryState(meQuery().queryKey)?.status).toBe('success'));
    const offered = (name: string) => screen.queryByRole('button', { name }) !== null;
    expect(offered('New quick reply')).toBe(roleCan('agent', 'quickReplies.create'));
    expect(offered('Edit Greeting')).toBe(roleCan('agent', 'quickReplies.update'));
    expect(offered('Delete Greeting')).toBe(roleCan('agent', 'quickReplies.delete'));
    // Today agents may do all three (the team shares its replies).
    expect(offered('New quick reply') && offered('Edit Greeting') && offered('Delete Greeting')).toBe(true);
  });

  it('shows an empty state, and a load failure with a retry', async () => {
    fake.workspace().social.quickReplies.clear();
    await renderWithApp(<QuickRepliesPage />);
    expect(await screen.findByText('No quick replies yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create the first one' })).toBeInTheDocument();
    cleanup();

    fake.control.fail({ method: 'GET', path: '/v1/quick-replies', status: 404, message: 'Not found' });
    const user = userEvent.setup();
    // A failed first read is the route's error screen, with a retry.
    await renderRoutes('/quick-replies');
    expect(await screen.findByRole('alert')).toHaveTextContent('Quick replies could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No quick replies yet')).toBeInTheDocument();
  });
});
