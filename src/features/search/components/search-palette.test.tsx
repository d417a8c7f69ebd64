import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fake, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';

// The Ctrl+K palette through the real BFF (search answered from its workspace and database):
// opened from the keyboard or the button, results grouped by kind, choosing one opens it, and a search with no match
// says so. Messages are found by the index, which the sync feeds (e2e/search.spec.ts).

withBff({ live: true, database: true });
beforeAll(stubLayout);
afterEach(cleanup);

describe('search palette', () => {
  it('opens on Ctrl+K, finds a customer by a word of its name, and opens it', async () => {
    const customer = [...fake.workspace().crm.customers.values()][0]!;
    const word = customer.name.split(/\s+/)[0]!;
    const user = userEvent.setup();
    const { router } = await renderRoutes('/inbox');
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Search everything' });
    await user.type(within(dialog).getByRole('combobox'), word);
    const group = await within(dialog).findByRole('group', { name: 'Customers' });
    const option = within(group)
      .getAllByRole('option')
      .find((o) => o.textContent?.includes(customer.name));
    expect(option).toBeDefined();
    await user.click(option!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${customer.id}`));
    expect(screen.queryByRole('dialog', { name: 'Search everything' })).toBeNull();
  });

  it('opens from the navigation button and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderRoutes('/inbox');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search everything' });
    await user.type(within(dialog).getByRole('combobox'), 'zqxjkv');
    expect(await within(dialog).findByText('Nothing matches “zqxjkv”.')).toBeInTheDocument();
  });
});
