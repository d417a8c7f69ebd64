import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { count } from '@/lib/format';
import { renderWithApp } from '@/test/render';
import { fake, TEAM_MEMBERS, withBff } from '@/test/bff';
import { LeadsPage } from './leads-page';

withBff({ resetAfterEach: false });
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

describe('the list view’s owner filter', () => {
  it('fills the first page with the owner’s leads and says how many were scanned', async () => {
    const all = leads();
    const theirs = all.filter((l) => l.assigned_to_user_id === OWNER.id);
    expect(theirs.length).toBeGreaterThan(25); // more than one page of matches in the seed
    await renderList(`/leads?view=list&owner=${OWNER.id}`);
    await waitFor(() => expect(bodyRows()).toHaveLength(25), { timeout: 10_000 });
    for (const row of bodyRows()) expect(row).toHaveTextContent(OWNER.name);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    // Only as much was read as the page needed: a true count of what is known, never the API's total alone.
    expect(within(pages).getByRole('status')).toHaveTextContent(
      new RegExp(`^\\d+ leads match so far · \\d+ of ${count(all.length)} scanned · page 1$`),
    );
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('reads to the end for the last page and then gives the true count', async () => {
    const all = leads();
    const theirs = all.filter((l) => l.assigned_to_user_id === OWNER.id);
    const lastPage = Math.ceil(theirs.length / 25);
    await renderList(`/leads?view=list&owner=${OWNER.id}&page=${String(lastPage)}`);
    const pages = await screen.findByRole('navigation', { name: 'Pages' }, { timeout: 10_000 });
    await waitFor(
      () =>
        expect(pages).toHaveTextContent(
          `${count(theirs.length)} of ${count(all.length)} leads match · ${count(all.length)} scanned · page ${String(lastPage)} of ${String(lastPage)}`,
        ),
      { timeout: 15_000 },
    );
    expect(bodyRows()).toHaveLength(theirs.length - (lastPage - 1) * 25);
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
  });

  it('pages by number with the API’s count when no owner is chosen', async () => {
    await renderList('/leads?view=list');
    await waitFor(() => expect(bodyRows()).toHaveLength(25), { timeout: 10_000 });
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent(
      `${count(leads().length)} leads · page 1 of ${String(Math.ceil(leads().length / 25))}`,
    );
  });
});
