import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { fake, withBff } from '@/test/bff';
import { NewLeadDialog } from './new-lead-dialog';

withBff();
afterEach(cleanup);

const leads = () => [...fake.workspace().crm.leads.values()];

describe('the new-lead form', () => {
  it('checks fields before sending, keeps what was typed on an upstream error, and lands in the default stage', async () => {
    const closed: boolean[] = [];
    const before = leads().length;
    await renderWithApp(
      <NewLeadDialog
        open
        onOpenChange={(open) => closed.push(!open)}
        members={[{ id: 'a0000000-0000-4000-8000-000000000002', name: 'Marco Manager' }]}
        defaultStageName="New"
      />,
    );
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New lead' });
    expect(dialog).toHaveTextContent('New leads start in New.');

    // Nothing sent while the contract says no.
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Probability (%)'), '150');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    // Worded as every form words them (lib/form-errors), on their fields.
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Is required.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Must be an email.');
    expect(screen.getByLabelText('Probability (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(leads()).toHaveLength(before);

    await user.type(screen.getByLabelText('Name'), 'Zed Testlead');
    await user.type(screen.getByLabelText('Company'), 'Zeta Labs');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'zed@zeta.test');
    await user.clear(screen.getByLabelText('Probability (%)'));
    await user.type(screen.getByLabelText('Probability (%)'), '30');
    await user.selectOptions(screen.getByLabelText('Owner'), 'Marco Manager');

    // The upstream refuses once: its field error lands on the field, nothing typed is lost.
    fake.control.fail({
      method: 'POST',
      path: '/v1/leads',
      status: 400,
      count: 1,
      message: 'company_name is blocked for testing',
    });
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    expect(await screen.findByText('Is blocked for testing.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Some fields need attention.');
    expect(screen.getByLabelText('Company')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('Zed Testlead');
    expect(screen.getByLabelText('Company')).toHaveValue('Zeta Labs');

    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(closed).toContain(true));
    const created = leads().find((l) => l.name === 'Zed Testlead');
    const defaultKey = fake.workspace().crm.stages.find((s) => s.is_default)?.key;
    expect(created).toMatchObject({
      status: defaultKey,
      company_name: 'Zeta Labs',
      probability: 30,
      assigned_to_user_id: 'a0000000-0000-4000-8000-000000000002',
    });
  });
});
