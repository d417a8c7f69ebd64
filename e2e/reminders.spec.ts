import type { Page } from '@playwright/test';
import type { LeadList } from '../src/contract';
import { expect, expectAccessible, test } from './fixtures';
import { conversations } from './threads';

// Reminders (issue 38) in Chromium: "Remind me" on a thread's header and on a lead's drawer sets a
// reminder of one's own, the Reminders page lists it with a link back to its record, and Cancel or
// Done take it away. Reminders are the BFF's own, kept in its database across the suite's resets
// of the fake: each journey ends with its reminder gone. Coming due is the service's and the
// component's tests' (the earliest a reminder may be set is a minute ahead).

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('an agent', () => {
  test.use({ role: 'agent' });

  test('sets a reminder on a thread, finds it on Reminders and cancels it', async ({ page, fake }) => {
    const thread = (await conversations(fake, 'status=open')).find((c) => !c.is_group);
    if (!thread) throw new Error('no open one-to-one thread in the seed');
    await page.goto(`/inbox/${thread.id}`);
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 2 }) });
    const remind = header.getByRole('button', { name: 'Remind me' });
    await expect(remind).toBeEnabled();
    await remind.click();
    await page.getByRole('menuitem', { name: /^In 1 hour/ }).click();
    await expect(toast(page, /^Reminder set for /)).toBeVisible();

    await page
      .getByRole('navigation')
      .getByRole('link', { name: /^Reminders/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Reminders', level: 1 })).toBeVisible();
    const upcoming = page.getByRole('list', { name: 'Upcoming reminders' });
    const item = upcoming
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="/inbox/${thread.id}"]`) });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Conversation');
    await expectAccessible(page);

    await item.getByRole('button', { name: /^Cancel reminder/ }).click();
    await expect(toast(page, 'Reminder cancelled')).toBeVisible();
    await expect(item).toHaveCount(0);
  });
});

test.describe('a manager', () => {
  test.use({ role: 'manager' });

  test('sets a reminder from a lead’s drawer and marks it done from Reminders', async ({ page, fake }) => {
    const lead = (await fake.api<LeadList>('crm', 'GET', '/v1/leads?limit=1')).data[0]!;
    await page.goto(`/leads?lead=${lead.id}`);
    const drawer = page.getByRole('dialog');
    const remind = drawer.getByRole('button', { name: 'Remind me' });
    await expect(remind).toBeEnabled();
    await remind.click();
    await page.getByRole('menuitem', { name: /^Tomorrow/ }).click();
    await expect(toast(page, /^Reminder set for /)).toBeVisible();

    await page.goto('/reminders');
    const item = page
      .getByRole('list', { name: 'Upcoming reminders' })
      .getByRole('listitem')
      .filter({ hasText: 'Lead' })
      .filter({ hasText: lead.name });
    await expect(item).toHaveCount(1);
    await item.getByRole('button', { name: /^Done/ }).click();
    await expect(toast(page, 'Reminder done')).toBeVisible();
    await expect(item).toHaveCount(0);
  });
});
