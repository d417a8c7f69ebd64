import type { Page } from '@playwright/test';
import { expect, teammate, test } from './fixtures';
import { warmThread } from './threads';

// Who said what (issue 36.1): the upstream names every reply after the workspace; the team sees
// which teammate sent it, on the bubble and in the thread list, live.

const bubble = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Message history' }).getByRole('listitem').filter({ hasText: text });

test.use({ role: 'agent' });

test('a reply names the teammate who sent it, on every screen that shows it', async ({
  page,
  fake,
  browser,
}) => {
  const thread = await warmThread(fake, 'Can someone confirm my order?');
  const manager = await teammate(browser, 'manager');
  await manager.goto(`/inbox/${thread.id}`);
  await expect(bubble(manager, 'Can someone confirm my order?')).toBeVisible();

  // The fake's clock is frozen: the reply comes a moment after the question, as it would.
  await fake.advanceClock(1_000);
  await page.goto(`/inbox/${thread.id}`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Confirmed, it ships today.');
  await composer.press('Enter');
  // Mine reads "You"; the manager's screen names me, at once, without a reload.
  await expect(bubble(page, 'Confirmed, it ships today.').getByText('You', { exact: true })).toBeVisible();
  await expect(
    bubble(manager, 'Confirmed, it ships today.').getByText('Ana Agent', { exact: true }),
  ).toBeVisible({
    timeout: 10_000,
  });
  // After a reload too (the BFF's record, not a tab's memory), and in the thread list's preview.
  await manager.goto(`/inbox?status=open`);
  await expect(manager.locator(`[data-thread-row="${thread.id}"]`)).toContainText(
    'Ana Agent: Confirmed, it ships today.',
  );
  await manager.goto(`/inbox/${thread.id}`);
  await expect(
    bubble(manager, 'Confirmed, it ships today.').getByText('Ana Agent', { exact: true }),
  ).toBeVisible();
  await manager.context().close();
});
