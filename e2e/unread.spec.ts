import type { Page } from '@playwright/test';
import type { ConversationList } from '../src/contract';
import { expect, teammate, test } from './fixtures';

// Unread is each agent's own: a new message makes a thread unread for every agent; the one who
// opens it reads it, the other still sees it unread; Mark as unread brings it back for the first.

const rowOf = (page: Page, id: string) => page.locator(`[data-thread-row="${id}"]`);

test.use({ role: 'agent' });

test('a new message is unread for each agent until that agent reads it', async ({ page, fake, browser }) => {
  const list = await fake.api<ConversationList>('social', 'GET', '/v1/conversations?status=open&limit=50');
  const thread = list.data.filter((c) => !c.is_group).at(-1)!;
  const other = await teammate(browser, 'manager');
  await page.goto('/inbox');
  await other.goto('/inbox');
  await expect(page.locator('[data-thread-row]').first()).toBeVisible();
  await expect(other.locator('[data-thread-row]').first()).toBeVisible();

  // The fake's clock is frozen: move it on, so the message is newer than anything read before.
  await fake.advanceClock(60_000);
  await fake.inbound({ conversationId: thread.id, text: 'Are you open on Sunday?' });
  for (const p of [page, other]) {
    await expect(rowOf(p, thread.id).getByText(/^\d+ unread$/)).toBeAttached({ timeout: 5_000 });
    await expect(p).toHaveTitle(/^\(\d+\) Chatdesk$/);
  }

  // The agent opens it and reads it; the manager's stays unread.
  await rowOf(page, thread.id).getByRole('link').click();
  await expect(page.getByRole('list', { name: 'Message history' })).toContainText('Are you open on Sunday?');
  await expect(rowOf(page, thread.id).getByText(/unread$/)).toHaveCount(0, { timeout: 5_000 });
  await expect(rowOf(other, thread.id).getByText(/^\d+ unread$/)).toBeAttached();

  // Only the manager's unread list still holds it.
  await other.getByRole('button', { name: 'Unread' }).click();
  await expect(rowOf(other, thread.id)).toBeVisible();
  await page.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(page).toHaveURL(/\/inbox(\?|$)/);
  await expect(rowOf(page, thread.id).getByText('1 unread')).toBeAttached();
  await other.context().close();
});
