import { readFile } from 'node:fs/promises';
import type { ConversationList, MessagePage } from '../src/contract';
import { expect, expectAccessible, test } from './fixtures';

// A manager reads the inbox report over the days a contact wrote (the history the BFF
// recorded from its sync): figures, the chart, its table, and a table's CSV.

test.use({ role: 'manager' });

test('the inbox report shows the recorded days with a chart, a table and its CSV', async ({ page, fake }) => {
  const list = await fake.api<ConversationList>('social', 'GET', '/v1/conversations?status=open&limit=5');
  const newest = await fake.api<MessagePage>(
    'social',
    'GET',
    `/v1/conversations/${list.data[0]!.id}/messages?limit=1`,
  );
  const day = newest.data[0]!.created_at.slice(0, 10);
  const from = new Date(Date.parse(`${day}T00:00:00.000Z`) - 30 * 86_400_000).toISOString().slice(0, 10);

  await page.goto('/inbox');
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await page.goto(`/reports?from=${from}&to=${day}`);
  const table = page.getByRole('region', { name: 'Messages by day' }).getByRole('table');
  // Read again until the sync has picked the message up (it reads every few seconds).
  await expect(async () => {
    await page.reload();
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('bar-chart').locator('canvas')).toBeVisible();
  await expect(page.getByText(/\d+ threads? answered/)).toBeVisible();
  // The legend names the series; it has no "--" values waiting for a pointer.
  await expect(page.getByTestId('bar-chart').getByText('From contacts')).toBeAttached();
  await expect(page.getByTestId('bar-chart').getByText('--')).toHaveCount(0);
  // On a phone the tables scroll sideways and each takes the keyboard's focus (axe checks both).
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('region', { name: 'Messages by day' }).getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`messages-by-day_${from}_${day}.csv`);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text).toMatch(/^\uFEFFDay,From contacts,Replies\r\n\d{4}-\d{2}-\d{2},\d+,\d+/);
});

test('a range that ends before it starts is said on the From field', async ({ page }) => {
  await page.goto('/reports?from=2026-01-09&to=2026-01-07');
  await expect(page.getByRole('alert')).toHaveText('From must be on or before To.');
  await expect(page.getByText('The report could not be loaded')).toHaveCount(0);
});
