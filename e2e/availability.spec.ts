import type { Page } from '@playwright/test';
import { expect, expectAccessible, teammate, test } from './fixtures';

// Availability (issue 39 item 1) in Chromium: an agent says Busy from the navigation; a manager on
// the Team page sees it at once, without a reload, and sees the agent back when she is Available
// again. The team page lists every teammate with their open threads.

const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Teammates by availability' }).getByRole('row').filter({ hasText: name });

test.use({ role: 'agent' });

test('an agent goes Busy from the navigation and the manager’s team page follows live', async ({
  page,
  browser,
}) => {
  await page.goto('/inbox');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const status = nav.getByRole('button', { name: /^Your status: / });
  await expect(status).toBeEnabled();

  const manager = await teammate(browser, 'manager');
  await manager.goto('/team');
  await expect(manager.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  const ana = rowOf(manager, 'Ana Agent');
  await expect(ana).toContainText('Available');
  // The open-threads column is a count.
  await expect(ana.getByRole('cell').last()).toHaveText(/^\d+$/);
  await expectAccessible(manager);

  await status.click();
  await page.getByRole('menuitemradio', { name: 'Busy' }).click();
  await expect(nav.getByRole('button', { name: 'Your status: Busy. Change it' })).toBeVisible();
  await expect(ana).toContainText('Busy');

  // It is kept: a reload of either screen reads it back from the BFF.
  await manager.reload();
  await expect(rowOf(manager, 'Ana Agent')).toContainText('Busy');

  await nav.getByRole('button', { name: 'Your status: Busy. Change it' }).click();
  await page.getByRole('menuitemradio', { name: 'Available' }).click();
  await expect(rowOf(manager, 'Ana Agent')).toContainText('Available');
  await manager.context().close();
});
