import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { conversations } from './threads';

// Snoozing a thread (issue 38) in Chromium: Z opens the menu, a preset takes the thread out of
// Open into Snoozed with its time, and Wake now brings it back. The snooze is the BFF's own, kept
// in its database across the suite's resets of the fake: the journey ends with the thread awake.

test.use({ role: 'agent' });

const row = (page: Page, id: string) => page.locator(`[data-thread-row="${id}"]`);

test('an agent snoozes a thread with Z until tomorrow, finds it under Snoozed and wakes it', async ({
  page,
  fake,
}) => {
  const open = await conversations(fake, 'status=open');
  const thread = open.find((c) => !c.is_group);
  if (!thread) throw new Error('no open one-to-one thread in the seed');
  await page.goto(`/inbox/${thread.id}`);
  await expect(row(page, thread.id)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Snooze' })).toBeEnabled();

  await page.getByRole('region', { name: 'Messages' }).focus();
  await page.keyboard.press('z');
  // The menu opens with its first preset focused ("Later today" until 21:00); arrows move on.
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  const tomorrow = page.getByRole('menuitem', { name: /^Tomorrow/ });
  if (!(await tomorrow.evaluate((item) => item === document.activeElement)))
    await page.keyboard.press('ArrowDown');
  await expect(tomorrow).toBeFocused();
  await page.keyboard.press('Enter');

  const wake = page.getByRole('button', { name: 'Wake now' });
  await expect(wake).toBeFocused();
  await expect(page.getByText(/^Snoozed until /).first()).toBeVisible();
  await expect(row(page, thread.id)).toHaveCount(0);

  await page.getByRole('tab', { name: 'Snoozed' }).click();
  await expect(row(page, thread.id)).toContainText(/Snoozed until/);
  await row(page, thread.id).getByRole('link').click();

  await wake.click();
  await expect(page.getByText('Back in Open')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Snooze' })).toBeVisible();
  await expect(row(page, thread.id)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Open' }).click();
  await expect(row(page, thread.id)).toBeVisible();
  await expect(row(page, thread.id)).not.toContainText(/Snoozed until/);
});
