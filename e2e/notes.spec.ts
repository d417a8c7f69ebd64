import type { ConversationList } from '../src/contract';
import { expect, teammate, test } from './fixtures';

// Two teammates on one thread: each sees the other viewing; a note mentioning the manager reaches
// the manager's Mentions at once, and opens the thread at the note. The contact never gets it.

test.use({ role: 'agent' });

test('a note with a mention reaches the teammate, who sees who else is viewing', async ({
  page,
  fake,
  browser,
}) => {
  const list = await fake.api<ConversationList>('social', 'GET', '/v1/conversations?status=open&limit=20');
  const thread = list.data.find((c) => !c.is_group)!;
  const manager = await teammate(browser, 'manager');
  await manager.goto('/mentions');
  await page.goto(`/inbox/${thread.id}`);
  await expect(page.getByRole('list', { name: 'Message history' })).toBeVisible();

  await page.getByRole('tab', { name: 'Note' }).click();
  const box = page.getByRole('combobox', { name: 'Private note' });
  await box.fill('');
  await box.pressSequentially('Can you approve the refund, @Mar');
  await expect(page.getByRole('listbox', { name: 'Teammates' })).toBeVisible();
  await box.press('Enter');
  await box.press('Control+Enter');
  const note = page.getByRole('article', { name: /Private note by Ana/ });
  await expect(note).toContainText('Can you approve the refund, @Marco Manager');

  // At once on the manager's screen: the count in the navigation and the mention in the list.
  await expect(manager.getByRole('link', { name: /Mentions\W+1 unread/ })).toBeVisible({ timeout: 5_000 });
  const mention = manager.getByRole('list', { name: 'Mentions' }).getByRole('link').first();
  await expect(mention).toContainText('Can you approve the refund');
  await mention.click();
  await expect(manager.getByRole('article', { name: /Private note by Ana/ })).toBeVisible();

  // Both have the thread open now: each sees the other.
  await expect(page.getByRole('status', { name: 'Marco Manager is viewing' })).toBeVisible({
    timeout: 5_000,
  });
  await expect(manager.getByRole('status', { name: /Ana .* is viewing/ })).toBeVisible({ timeout: 15_000 });
  await manager.context().close();
});
