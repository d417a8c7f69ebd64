import type { Page } from '@playwright/test';
import { ACME_CHANNELS } from '../mocks/social/seed-channels';
import { expect, expectAccessible, test } from './fixtures';
import { coldThread, conversations, warmThread } from './threads';

const row = (page: Page, id: string) => page.locator(`[data-thread-row="${id}"]`).getByRole('link');
const messageBubble = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Message history' }).getByRole('listitem').filter({ hasText: text });

test('the inbox lists seeded conversations and is accessible', async ({ page }) => {
  await page.goto('/inbox');
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Conversation list' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(5);
  await expect(page.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);

  // Filters live in the URL.
  await page.getByRole('tab', { name: 'Closed' }).click();
  await expect(page).toHaveURL(/status=closed/);
  await page.getByRole('button', { name: 'Unassigned' }).click();
  await expect(page).toHaveURL(/owner=unassigned/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Closed' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Unassigned' })).toHaveAttribute('aria-pressed', 'true');

  // The help overlay lists the shortcuts.
  await page.getByRole('list', { name: 'Conversation list' }).click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an agent replies, quotes, sends media by link, and sees ticks and new messages arrive', async ({
  page,
  fake,
}) => {
  const thread = await warmThread(fake, 'Do you ship to Porto?');
  await page.goto('/inbox');
  await row(page, thread.id).click();
  await expect(page).toHaveURL(new RegExp(`/inbox/${thread.id}`));
  await expect(messageBubble(page, 'Do you ship to Porto?')).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByText(/\d+ h left|\d+ min left/)
      .first(),
  ).toBeVisible();
  await expectAccessible(page);

  // A quoted reply: Enter sends.
  await messageBubble(page, 'Do you ship to Porto?').getByRole('button', { name: 'Reply' }).click();
  await expect(page.getByText('Replying to')).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Yes, we ship to Porto in 2 days.');
  await composer.press('Enter');
  const sent = messageBubble(page, 'Yes, we ship to Porto in 2 days.');
  await expect(sent).toBeVisible();
  await expect(
    sent.getByText('Replying to an earlier message').or(sent.getByText('Do you ship to Porto?')),
  ).toBeVisible();
  await expect(composer).toHaveValue('');
  await expect(sent.getByRole('img', { name: 'Pending' })).toBeVisible();

  // The fake clock moves; the thread's polling picks the new status up.
  await fake.advanceClock(2_000);
  await expect(sent.getByRole('img', { name: 'Sent' })).toBeVisible();
  await fake.advanceClock(5_000);
  await expect(sent.getByRole('img', { name: /Delivered|Read/ })).toBeVisible();

  // An inbound message appears without a reload.
  await fake.inbound({ conversationId: thread.id, text: 'Great, thank you!' });
  await expect(messageBubble(page, 'Great, thank you!')).toBeVisible();

  // Media by link with a caption.
  await page.getByRole('button', { name: 'Send media by link' }).click();
  await page.getByRole('textbox', { name: 'Link' }).fill('https://cdn.example.com/catalogue/summer.jpg');
  await page.getByRole('textbox', { name: 'Caption' }).fill('Our summer catalogue');
  await page.getByRole('button', { name: 'Send media', exact: true }).click();
  // The image, or (where its link does not load, as offline) the placeholder that links to it.
  const media = messageBubble(page, 'Our summer catalogue');
  await expect(
    media
      .getByRole('img', { name: 'Our summer catalogue' })
      .or(media.getByRole('link', { name: 'Open image' })),
  ).toBeVisible();
});

test('a closed window turns the composer into the template picker; a template with parameters is sent', async ({
  page,
  fake,
}) => {
  const thread = await coldThread(fake, ACME_CHANNELS.whatsappSales);
  await page.goto(`/inbox/${thread.id}`);
  await expect(page.getByText('Window closed').first()).toBeVisible();
  const picker = page.getByRole('region', { name: 'Send a template' });
  await expect(picker).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);

  await picker.getByRole('searchbox', { name: 'Search templates' }).fill('order');
  await picker.getByRole('radio', { name: /order_update/ }).check();
  await picker.getByRole('button', { name: 'Send template' }).click();
  await expect(picker.getByText('Fill in this parameter.').first()).toBeVisible();
  await picker.getByRole('textbox', { name: 'Parameter {{1}}' }).fill('Marta');
  await picker.getByRole('textbox', { name: 'Parameter {{2}}' }).fill('#A-1042');
  await expect(picker.getByRole('figure', { name: 'Preview' })).toContainText('Hi Marta, your order #A-1042');
  await expectAccessible(page);
  await picker.getByRole('button', { name: 'Send template' }).click();
  await expect(messageBubble(page, 'Hi Marta, your order #A-1042')).toBeVisible();

  // A social thread outside its window cannot be answered at all: the composer says why.
  const social = await coldThread(fake, ACME_CHANNELS.instagram);
  await page.goto(`/inbox/${social.id}`);
  await expect(page.getByText(/Instagram has no message templates/)).toBeVisible();
});

test('a failed send shows its reason and Retry sends it again; a draft survives a reload', async ({
  page,
  fake,
}) => {
  const thread = await warmThread(fake);
  await fake.failDelivery(thread.id, 'Recipient is not a WhatsApp user');
  await page.goto(`/inbox/${thread.id}`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Your order is ready');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messageBubble(page, 'Your order is ready')).toBeVisible();
  await fake.advanceClock(2_000);
  const failed = messageBubble(page, 'Your order is ready').filter({ hasText: 'Not delivered' });
  await expect(failed).toContainText('Recipient is not a WhatsApp user');
  await expect(failed.getByRole('img', { name: 'Failed' })).toBeVisible();

  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(failed).toHaveCount(0);
  const again = messageBubble(page, 'Your order is ready');
  await expect(again.getByRole('img', { name: 'Pending' })).toBeVisible();
  await fake.advanceClock(2_000);
  await expect(again.getByRole('img', { name: 'Sent' })).toBeVisible();

  // A draft is kept per conversation across a reload.
  await composer.fill('Half-written answer');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Half-written answer');
});

test('a new conversation refuses a local number and starts with an international one', async ({ page }) => {
  await page.goto('/inbox/new?name=Lena%20Fischer');
  await expect(page.getByRole('heading', { name: 'New conversation' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Contact name' })).toHaveValue('Lena Fischer');
  const phoneField = page.getByRole('textbox', { name: 'Phone number' });
  await phoneField.fill('07911 123456');
  await phoneField.blur();
  await expect(page.getByText(/Add the country code/)).toBeVisible();
  await expectAccessible(page);

  await phoneField.fill('+44 7911 123456');
  await expect(page.getByText(/Add the country code/)).toHaveCount(0);
  await page.getByRole('radio', { name: /hello_world/ }).check();
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page).toHaveURL(/\/inbox\/[0-9a-f-]{36}/);
  // decisions.md: no contact and no inbound message yet, so the thread is named by its number.
  await expect(page.getByRole('heading', { name: '+447911123456' })).toBeVisible();
  await expect(messageBubble(page, 'Thanks for contacting Acme')).toBeVisible();
});

test('an inbound message reopens a closed thread, and j/k move between threads', async ({ page, fake }) => {
  const [closed] = await conversations(fake, 'status=closed');
  if (!closed) throw new Error('no closed thread in the seed');
  await page.goto('/inbox?status=closed');
  await expect(row(page, closed.id)).toBeVisible();
  await fake.inbound({ conversationId: closed.id, text: 'Hello again, one more question' });
  await page.getByRole('tab', { name: 'Open' }).click();
  await row(page, closed.id).click();
  await expect(messageBubble(page, 'Hello again, one more question')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close thread' })).toBeVisible();

  // Keyboard: j opens the thread below this one in the list as it is on screen, k the one above
  // that, r focuses the composer. (The order is read at each press: the live stream may move rows,
  // so the thread above is not always the one j left.)
  const order = () =>
    page
      .locator('[data-thread-row]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-thread-row')));
  await page.getByRole('region', { name: 'Messages' }).focus();
  const before = await order();
  const next = before[before.indexOf(closed.id) + 1];
  if (!next) throw new Error('no thread below the reopened one');
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(next));
  const now = await order();
  const above = now[now.indexOf(next) - 1];
  if (!above) throw new Error('no thread above the one j opened');
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(above));
  await page.keyboard.press('r');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
});
