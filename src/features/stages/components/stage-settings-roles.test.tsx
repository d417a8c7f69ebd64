import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sortStages } from '@/lib/lead-stages';
import { meQuery } from '@/data/session';
import { fake, signInAs, withBff } from '@/test/bff';
import { renderWithApp } from '@/test/render';
import { StageSettings } from './stage-settings';

withBff();
afterEach(cleanup);

async function renderSettings() {
  const view = await renderWithApp(<StageSettings />);
  const list = await screen.findByRole('list', { name: 'Stages' }, { timeout: 5000 });
  // While `/bff/me` loads nothing is allowed: an absent button proves nothing until it has answered.
  await waitFor(() => expect(view.queryClient.getQueryState(meQuery().queryKey)?.status).toBe('success'));
  return list;
}

describe('StageSettings by role', () => {
  it.each(['agent', 'manager'] as const)('shows the stages read-only to the role %s', async (role) => {
    await signInAs(role);
    const list = await renderSettings();

    expect(await screen.findByText('Only admins can change lead stages.')).toBeInTheDocument();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(
      sortStages(fake.workspace().crm.stages).map((s) => s.name),
    );
    expect(within(list).queryAllByRole('button')).toHaveLength(0);
    expect(document.querySelectorAll('[aria-roledescription]')).toHaveLength(0);
    expect(screen.queryByRole('form', { name: /stage/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /add stage/i })).not.toBeInTheDocument();
  });

  it('shows an admin the handles, edit, delete and the add form', async () => {
    const list = await renderSettings();
    const first = sortStages(fake.workspace().crm.stages)[0]!;

    expect(within(list).getByRole('button', { name: `Reorder ${first.name}` })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: `Edit stage ${first.name}` })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: `Delete stage ${first.name}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /add stage/i })).toBeInTheDocument();
    expect(screen.queryByText('Only admins can change lead stages.')).not.toBeInTheDocument();
  });
});
