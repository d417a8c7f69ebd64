import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { fake, withBff } from '@/test/bff';
import { NewLeadDialog } from './new-lead-dialog';

// A lead the CRM makes after the BFF's timeout (issue 34): the form is not told it failed (the lead
// may exist); it asks again with the same Idempotency-Key until the lead comes, and it is one lead.
// (In-process, the BFF's timeout only cuts keyed calls, so this guards the form's re-asking.)

withBff({ database: true, upstreamTimeoutMs: 200 });
afterEach(cleanup);

const named = (name: string) => [...fake.workspace().crm.leads.values()].filter((l) => l.name === name);

describe('the new-lead form when the CRM answers late', () => {
  it('waits for the lead instead of failing, and the CRM holds it once', async () => {
    const closed: boolean[] = [];
    await renderWithApp(
      <NewLeadDialog open onOpenChange={(open) => closed.push(!open)} members={[]} defaultStageName="New" />,
    );
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'New lead' });
    await user.type(screen.getByLabelText('Name'), 'Slow Lane Ltd');
    fake.control.fail({ method: 'POST', path: '/v1/leads', delayMs: 700 });
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(closed).toContain(true), { timeout: 5_000 });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(named('Slow Lane Ltd')).toHaveLength(1);
  });
});
