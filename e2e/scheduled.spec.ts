import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { warmThread } from './threads';

// Scheduled sends (issue 38) in Chromium: an agent writes a reply and schedules it from the
// composer instead of sending it; it shows above the composer with its time and who scheduled it,
// can be edited and cancelled before it goes. The scheduled message is the BFF's own, kept in its
// database across the suite's resets of the fake: the journey ends with it cancelled. Its going
// out at its time (once, named after who scheduled it) is the service's tests' (the earliest a
// message may be scheduled is a minute ahead).

test.use({ role: 'agent' });

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

test('an agent schedules a reply from the composer, edits it and cancels it before it goes', async ({
  page,
  fake,
}) => {
  const thread = await warmThread(fake, 'Can someone call me tomorrow?');
  await page.goto(`/inbox/${thread.id}`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('We will call you tomorrow morning.');
  const schedule = page.getByRole('button', { name: 'Schedule send' });
  await expect(schedule).toBeEnabled();
  await schedule.click();
  await page.getByRole('menuitem').first().click();

  const list = page.getByRole('region', { name: 'Scheduled messages' });
  const item = list.getByRole('listitem').filter({ hasText: 'We will call you tomorrow morning.' });
  await expect(item).toBeVisible();
  await expect(item).toContainText('by Ana');
  await expect(composer).toHaveValue('');
  await expectAccessible(page);

  await item.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit the scheduled message' });
  await dialog.getByRole('textbox', { name: 'Message' }).fill('We will call you tomorrow at ten.');
  await dialog.getByRole('button', { name: /^Save/ }).click();
  await expect(dialog).toHaveCount(0);
  const edited = list.getByRole('listitem').filter({ hasText: 'We will call you tomorrow at ten.' });
  await expect(edited).toBeVisible();

  await edited.getByRole('button', { name: 'Cancel' }).click();
  await expect(toast(page, 'Scheduled message cancelled')).toBeVisible();
  await expect(list).toHaveCount(0);
});
