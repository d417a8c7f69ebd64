import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { fake, withBff } from '@/test/bff';
import { LeadActivities } from './lead-activities';

withBff();
afterEach(cleanup);

describe("the lead's activities", () => {
  it('checks the subject, then logs on the lead and shows it highlighted as needing a follow-up', async () => {
    const lead = [...fake.workspace().crm.leads.values()][0]!;
    await renderWithApp(<LeadActivities leadId={lead.id} />);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Log activity' });
    await user.click(within(form).getByRole('button', { name: 'Log activity' }));
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Call back about pricing');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Outcome' }), 'follow_up_needed');
    await user.type(within(form).getByRole('spinbutton', { name: 'Duration (minutes)' }), '15');
    await user.click(within(form).getByRole('button', { name: 'Log activity' }));

    await waitFor(() =>
      expect(
        screen.getAllByRole('listitem').find((li) => li.textContent?.includes('Call back about pricing')),
      ).toHaveTextContent('Follow-up needed'),
    );
    expect(screen.getByText('Needs follow-up')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Subject' })).toHaveValue('');
    const logged = [...fake.workspace().crm.activities.values()].find(
      (a) => a.subject === 'Call back about pricing',
    );
    expect(logged).toMatchObject({ lead_id: lead.id, outcome: 'follow_up_needed', duration_minutes: 15 });
  });
});
