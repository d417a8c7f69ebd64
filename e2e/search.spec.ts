import type { ConversationList } from '../src/contract';
import { expect, expectAccessible, test } from './fixtures';

// Search from anywhere: Ctrl+K opens the palette, a word from a message in another thread finds
// it (the BFF indexed it from the sync), and choosing it opens that thread at the message, marked.
// The search page keeps the query in the URL.

test.use({ role: 'agent' });

test('Ctrl+K finds a message by a word in it and opens its thread at that message', async ({
  page,
  fake,
}) => {
  const list = await fake.api<ConversationList>('social', 'GET', '/v1/conversations?status=open&limit=20');
  const thread = list.data.find((c) => !c.is_group)!;
  // A customer writes; the sync picks it up and the BFF indexes it.
  const word = `Zanzibar${String(Date.now()).slice(-6)}`;
  await fake.advanceClock(60_000);
  await fake.inbound({ conversationId: thread.id, text: `Can the parcel go to ${word} instead?` });

  await page.goto('/leads');
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search everything' });
  const box = dialog.getByRole('combobox');
  const hit = dialog
    .getByRole('group', { name: 'Messages' })
    .getByRole('option')
    .filter({ has: page.locator('mark', { hasText: word }) });
  // Typed again until the index has it (the sync reads every few seconds); the prefix also matches.
  await expect(async () => {
    await box.fill('');
    await box.fill(word.slice(0, -2));
    await expect(hit).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // The palette with its results (a selected row, its time) meets contrast and the rest of axe.
  await expectAccessible(page, '[role="dialog"]');
  await hit.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/inbox/${thread.id}\\?.*message=`));
  const focused = new URL(page.url()).searchParams.get('message')!;
  // The message is on screen, marked, in its thread.
  const row = page.locator(`[data-message-id="${focused}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(word);
  await expect(row).toHaveClass(/bg-amber/);
});

test('the search page keeps the query in the URL and says when nothing matches', async ({ page }) => {
  await page.goto('/search?q=zqxjkvw');
  await expect(page.getByText('Nothing matches “zqxjkvw”')).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search everything' });
  await box.fill('Acme');
  await expect(page).toHaveURL(/\/search\?q=Acme/);
});
