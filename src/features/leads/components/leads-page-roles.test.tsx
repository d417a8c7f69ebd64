import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { meQuery } from '@/data/session';
import { fake, signInAs, withBff } from '@/test/bff';
import { LeadsPage } from './leads-page';

withBff({ live: true });
afterEach(cleanup);

/** Renders /leads and waits until the role is known and the first cards show. */
async function renderLeads(path = '/leads') {
  const view = await renderWithApp(
    <Suspense fallback={null}>
      <LeadsPage />
    </Suspense>,
    { path },
  );
  // hidden: an open drawer is modal, so the page behind it leaves the accessibility tree.
  await screen.findByRole('heading', { level: 1, name: 'Leads', hidden: true });
  // While `/bff/me` loads nothing is allowed: an absent button proves nothing until it has answered.
  await waitFor(() => expect(view.queryClient.getQueryState(meQuery().queryKey)?.status).toBe('success'));
  await waitFor(() => expect(document.querySelectorAll('[data-lead-card]').length).toBeGreaterThan(0), {
    timeout: 5000,
  });
  return view;
}

const draggables = () => document.querySelectorAll('[aria-roledescription="draggable"]');

describe('LeadsPage by role', () => {
  it('shows an agent a view-only board: cards open the lead but cannot be picked up, no New lead', async () => {
    await signInAs('agent');
    await renderLeads();

    expect(screen.getByText('View only: only managers and admins can move leads')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New lead' })).not.toBeInTheDocument();
    expect(draggables()).toHaveLength(0);
    // The cards are still there to read and open.
    const card = document.querySelector<HTMLElement>('[data-lead-card]')!;
    expect(card).toHaveAttribute('role', 'button');
    expect(card).toHaveAttribute('tabindex', '0');
  });

  it('shows an agent the lead drawer read-only, with Log activity still there', async () => {
    await signInAs('agent');
    const lead = [...fake.workspace().crm.leads.values()].find((l) => l.assigned_to_user_id)!;
    await renderLeads(`/leads?lead=${lead.id}`);

    const drawer = await screen.findByRole('dialog', { name: lead.name });
    expect(await within(drawer).findByText('Only managers and admins can edit leads.')).toBeInTheDocument();
    expect(within(drawer).queryByRole('combobox', { name: 'Stage' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('combobox', { name: 'Owner' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('combobox', { name: 'Add a tag' })).not.toBeInTheDocument();
    expect(within(drawer).getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(within(drawer).getByRole('textbox', { name: 'Name' })).toHaveValue(lead.name);
    expect(within(drawer).getAllByRole('button', { name: 'Log activity' }).length).toBeGreaterThan(0);
  });

  it('shows an admin draggable cards, New lead, and an editable drawer', async () => {
    const lead = [...fake.workspace().crm.leads.values()][0]!;
    await renderLeads(`/leads?lead=${lead.id}`);

    expect(screen.getByRole('button', { name: 'New lead', hidden: true })).toBeInTheDocument();
    expect(screen.queryByText(/View only/)).not.toBeInTheDocument();
    expect(draggables().length).toBeGreaterThan(0);
    const drawer = await screen.findByRole('dialog', { name: lead.name });
    expect(within(drawer).getByRole('combobox', { name: 'Stage' })).toBeEnabled();
    expect(within(drawer).getByRole('combobox', { name: 'Owner' })).toBeEnabled();
    expect(within(drawer).getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(within(drawer).getByRole('textbox', { name: 'Name' })).toBeEnabled();
  });
});
