import { expect, test } from './fixtures';

// A phone: one pane at a time, the details in a drawer.
test.use({ viewport: { width: 412, height: 823 } });

test('on a phone, a thread opens alone at its newest message, shows its details in a drawer and goes back to the list', async ({
  page,
}) => {
  await page.goto('/inbox');
  const list = page.getByRole('list', { name: 'Conversation list' });
  const first = list.getByRole('listitem').first().getByRole('link');
  await expect(first).toBeVisible();
  await first.click();

  const history = page.getByRole('list', { name: 'Message history' });
  await expect(history).toBeVisible();
  // The list is not behind the thread, and the details are not rendered beside it.
  await expect(page.getByRole('region', { name: 'Conversations' })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Details' })).toHaveCount(0);
  // Opened at the newest message: the last row is on screen.
  await expect(history.getByRole('listitem').last()).toBeInViewport();

  await page.getByRole('button', { name: 'Show details' }).click();
  const drawer = page.getByRole('dialog', { name: 'Details' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(page.getByRole('list', { name: 'Conversation list' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Message history' })).toHaveCount(0);
});

test('on a phone, a thread opened from a link reads only the thread; the list is read on the way back to it', async ({
  page,
}) => {
  await page.goto('/inbox');
  const first = page
    .getByRole('list', { name: 'Conversation list' })
    .getByRole('listitem')
    .first()
    .getByRole('link');
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/inbox\/[^/?]+/);

  const listReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/bff/screens/inbox') listReads.push(request.url());
  });
  await page.goto(href!);
  await expect(page.getByRole('list', { name: 'Message history' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(listReads).toEqual([]);

  await page.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(
    page.getByRole('list', { name: 'Conversation list' }).getByRole('listitem').first(),
  ).toBeVisible();
  expect(listReads.length).toBeGreaterThan(0);
});
