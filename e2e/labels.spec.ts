import type { Page } from '@playwright/test';
import { expect, expectAccessible, teammate, test } from './fixtures';

// Labels and saved views (issue 39 item 4) in Chromium: a manager adds a label in Settings; an
// agent puts it on a thread from its header, filters the inbox by it, saves that as a view of her
// own, sees the view in the inbox's navigation with its count, and opens it again later.

test.use({ role: 'agent' });

const threadList = (page: Page) => page.getByRole('list', { name: 'Conversation list' });

test('a manager adds a label; an agent labels a thread, filters by it and keeps that as her view', async ({
  page,
  browser,
}) => {
  // The BFF's own data outlives a run: a name of this run's own.
  const name = `Follow up ${String(Date.now()).slice(-6)}`;
  const manager = await teammate(browser, 'manager');
  await manager.goto('/settings/labels');
  await expect(manager.getByRole('heading', { name: 'Labels', level: 1 })).toBeVisible();
  const add = manager.getByRole('form', { name: 'Add a label' });
  // Nothing typed: refused on the field before anything is sent.
  await add.getByRole('button', { name: 'Add label' }).click();
  await expect(add.getByText('Must not be empty.')).toBeVisible();
  await add.getByRole('textbox', { name: 'Label name' }).fill(name);
  await add.getByRole('button', { name: 'Red' }).click();
  await add.getByRole('button', { name: 'Add label' }).click();
  await expect(manager.getByRole('list', { name: 'Labels' })).toContainText(name);
  await expectAccessible(manager);
  await manager.context().close();

  // The agent opens the newest thread and labels it from the header's menu.
  await page.goto('/inbox');
  const first = threadList(page).getByRole('listitem').first();
  const threadId = await first.getAttribute('data-thread-row');
  expect(threadId).toBeTruthy();
  await first.getByRole('link').click();
  const labelsButton = page.getByRole('button', { name: 'Labels', exact: true });
  await expect(labelsButton).toBeEnabled();
  await labelsButton.click();
  await page.getByRole('searchbox', { name: 'Filter labels' }).fill(name.slice(0, 6));
  await page.getByRole('checkbox', { name }).check();
  await page.keyboard.press('Escape');
  const header = page.locator('[data-thread-title]');
  await expect(header.getByRole('group', { name: 'Labels' })).toContainText(name);
  // The row shows it too.
  const row = page.locator(`[data-thread-row="${threadId!}"]`);
  await expect(row.getByRole('group', { name: 'Labels' })).toContainText(name);

  // Filtered by the label, the list holds that thread alone.
  await page.getByRole('combobox', { name: 'Label' }).selectOption({ label: name });
  await expect(threadList(page).getByRole('listitem')).toHaveCount(1);
  await expect(row).toBeVisible();

  // Kept as a view of her own, listed with its count.
  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByRole('textbox', { name: 'View name' }).fill(`Mine: ${name}`);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  const mine = page.getByRole('region', { name: 'My views' });
  const view = mine.getByRole('link', { name: new RegExp(`Mine: ${name}`) });
  await expect(view).toContainText('1 thread');
  await expect(view).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);

  // Back to every thread, then the view again: the list is the label's.
  await page.goto('/inbox');
  await expect(view).not.toHaveAttribute('aria-current', 'page');
  await expect(threadList(page).getByRole('listitem')).not.toHaveCount(1);
  await view.click();
  await expect(view).toHaveAttribute('aria-current', 'page');
  await expect(threadList(page).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('combobox', { name: 'Label' })).toHaveValue(/.+/);
});
