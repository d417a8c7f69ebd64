import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { count } from '@/lib/format';
import { renderWithApp } from '@/test/render';
import { fake, TEAM_MEMBERS, withBff } from '@/test/bff';
import { LeadsPage } from './leads-page';

withBff({ resetAfterEach: false, live: true });
afterEach(cleanup);

const OWNER = TEAM_MEMBERS[1];
const leads = () => [...fake.workspace().crm.leads.values()];
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

async function renderList(path: string) {
  await renderWithApp(
    <Suspense fallback={null}>
      <LeadsPage />
    </Suspense>,
    { path },
  );
}

describe('the list view', () => {
  it('filters by owner on the server: full pages of the owner’s leads and the true count at once', async () => {
    const theirs = leads().filter((l) => l.assigned_to_user_id === OWNER.id);
    expect(theirs.length).toBeGreaterThan(25); // more than one page of matches in the seed
    const pagesOf = Math.ceil(theirs.length / 25);
    await renderList(`/leads?view=list&owner=${OWNER.id}`);
    await waitFor(() => expect(bodyRows()).toHaveLength(25), { timeout: 10_000 });
    // Owner names come with the team roster, read alongside.
    await waitFor(() => {
      for (const row of bodyRows()) expect(row).toHaveTextContent(OWNER.name);
    });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('status')).toHaveTextContent(
      `${count(theirs.length)} leads · page 1 of ${String(pagesOf)}`,
    );
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('reaches the owner’s last page, which holds the rest, and goes back', async () => {
    const theirs = leads().filter((l) => l.assigned_to_user_id === OWNER.id);
    const lastPage = Math.ceil(theirs.length / 25);
    await renderList(`/leads?view=list&owner=${OWNER.id}&page=${String(lastPage)}`);
    const pages = await screen.findByRole('navigation', { name: 'Pages' }, { timeout: 10_000 });
    await waitFor(() => expect(bodyRows()).toHaveLength(theirs.length - (lastPage - 1) * 25));
    expect(pages).toHaveTextContent(`page ${String(lastPage)} of ${String(lastPage)}`);
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
  });

  it('pages every lead by number when no filter is set', async () => {
    await renderList('/leads?view=list');
    await waitFor(() => expect(bodyRows()).toHaveLength(25), { timeout: 10_000 });
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent(
      `${count(leads().length)} leads · page 1 of ${String(Math.ceil(leads().length / 25))}`,
    );
  });
});
