import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render-routes';
import { fake, withBff } from '@/test/bff';

// The customers list's search box (issue 36.16): the upstream's list searches nothing, so a search
// is the BFF's screen over the workspace, with the same table, pager and filters.

withBff({ live: true });
afterEach(cleanup);

const rows = () =>
  within(screen.getByRole('table', { name: 'Customers' }))
    .getAllByRole('row')
    .slice(1);

it('finds customers by a word of their name, keeps the query in the URL, and says when nothing matches', async () => {
  const all = [...fake.workspace().crm.customers.values()];
  const target = all.find((c) => c.name.split(/\s+/).length >= 2)!;
  const word = target.name.split(/\s+/).at(-1)!;
  const expected = all.filter((c) =>
    [c.name, c.company_name, c.email].some((v) => (v ?? '').toLowerCase().includes(word.toLowerCase())),
  );
  const user = userEvent.setup();
  const { router } = await renderRoutes('/customers');
  await waitFor(() => expect(rows().length).toBeGreaterThan(0));

  await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), word);
  await waitFor(() => expect(router.state.location.search).toMatchObject({ q: word }));
  await waitFor(() => expect(rows().length).toBe(Math.min(expected.length, 20)));
  expect(screen.getByRole('table', { name: 'Customers' })).toHaveTextContent(target.name);

  await user.clear(screen.getByRole('searchbox', { name: 'Search customers' }));
  await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'zzqx-nobody');
  expect(await screen.findByText('No customers match “zzqx-nobody”')).toBeInTheDocument();
  await user.click(
    within(screen.getByRole('region', { name: 'Customer list' })).getByRole('button', {
      name: 'Clear filters',
    }),
  );
  await waitFor(() => expect(router.state.location.search).not.toHaveProperty('q'));
  expect(screen.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('');
});
