import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '@/lib/api-client';
import { liveWorkspaceDb, signInAs, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';

// Settings > Labels through the real BFF: managers add, rename and delete labels, with the
// contract's and the BFF's refusals on their fields; agents read the list and change nothing.

withBff({ live: true, database: true, as: 'manager' });
beforeAll(stubLayout);
beforeEach(async () => {
  await liveWorkspaceDb().deleteFrom('labels').execute();
});
afterEach(cleanup);

const addForm = () => screen.findByRole('form', { name: 'Add a label' });

describe('label settings', () => {
  it('adds a label, refusing a name already taken whatever its case on the field', async () => {
    const user = userEvent.setup();
    await renderRoutes('/settings/labels');
    const form = await addForm();
    await user.type(within(form).getByRole('textbox', { name: 'Label name' }), 'Urgent');
    await user.click(within(form).getByRole('button', { name: 'Red' }));
    await user.click(within(form).getByRole('button', { name: 'Add label' }));
    const list = await screen.findByRole('list', { name: 'Labels' });
    await waitFor(() => expect(list).toHaveTextContent('Urgent'));
    expect((await call('labels.list')).labels[0]).toMatchObject({ name: 'Urgent', color: '#ef4444' });

    await user.type(within(form).getByRole('textbox', { name: 'Label name' }), 'URGENT');
    await user.click(within(form).getByRole('button', { name: 'Add label' }));
    expect(await within(form).findByText('Is already taken by another label.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Label name' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('renames a label and deletes it after a confirmation', async () => {
    await call('labels.create', { body: { name: 'Billing', color: '#22c55e' } });
    const user = userEvent.setup();
    await renderRoutes('/settings/labels');
    await user.click(await screen.findByRole('button', { name: 'Edit label Billing' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit label Billing' });
    const name = within(edit).getByRole('textbox', { name: 'Label name' });
    await user.clear(name);
    await user.type(name, 'Invoices');
    await user.click(within(edit).getByRole('button', { name: 'Save label' }));
    const list = await screen.findByRole('list', { name: 'Labels' });
    await waitFor(() => expect(list).toHaveTextContent('Invoices'));
    await user.click(screen.getByRole('button', { name: 'Delete label Invoices' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete label Invoices?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete label' }));
    expect(await screen.findByText('No labels yet')).toBeInTheDocument();
  });

  it('shows agents the list without ways to change it', async () => {
    await call('labels.create', { body: { name: 'VIP', color: '#3b82f6' } });
    await signInAs('agent');
    await renderRoutes('/settings/labels');
    expect(await screen.findByRole('list', { name: 'Labels' })).toHaveTextContent('VIP');
    expect(screen.queryByRole('form', { name: 'Add a label' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit label VIP' })).toBeNull();
  });
});
