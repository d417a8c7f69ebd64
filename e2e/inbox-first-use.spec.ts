import type { Locator, Page } from '@playwright/test';
import type { Conversation } from '../src/contract';
import { e2eEnv } from './env';
import { expect, test } from './fixtures';

// What a new user tripped over in the inbox (issue 10): template options, the first click in New
// conversation, the thread header's names, broken media and text-direction tricks.

/** The seeded thread whose window just closed, owned by Marco, on "Acme Support" (mocks/README.md). */
const PRIYA_THREAD = 'c6ae807a-9dde-4c5e-8152-34737da12651';
/** The seeded thread whose window is open, linked to the CRM contact Sofia Moreau. */
const SOFIA_THREAD = 'f1ca5c1c-5ec4-46e1-a657-d57b20a75ad2';
const RLO = '\u202E';

/** The option boxes of the template list, with their geometry and whether their content fits. */
async function optionBoxes(page: Page) {
  const options = page.locator('label').filter({ has: page.getByRole('radio') });
  await expect(options.first()).toBeVisible();
  return options.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, fits: el.scrollHeight <= el.clientHeight + 1 };
    }),
  );
}

async function expectOptionsApart(page: Page) {
  const boxes = await optionBoxes(page);
  expect(boxes.length).toBeGreaterThan(3);
  for (const [i, box] of boxes.entries()) {
    expect(box.fits, `option ${String(i)}'s text stays inside its box`).toBe(true);
    const next = boxes[i + 1];
    if (next)
      expect(next.top, `option ${String(i + 1)} starts below option ${String(i)}`).toBeGreaterThanOrEqual(
        box.bottom - 0.5,
      );
  }
}

for (const width of [1440, 390]) {
  test(`template options read cleanly at ${String(width)} px, in New conversation and in a thread`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/inbox/new');
    await expectOptionsApart(page);
    await page.goto(`/inbox/${PRIYA_THREAD}`);
    await expect(page.getByRole('region', { name: 'Send a template' })).toBeVisible();
    await expectOptionsApart(page);
  });
}

test('the first click on a template selects it, even as the phone field shows its error', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/inbox/new');
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await phone.fill('07911 123456');
  // One click: the press moves focus out of the field (which checks itself) and must not move the list.
  await page.getByRole('radio', { name: /order_update/ }).click();
  await expect(page.getByRole('radio', { name: /order_update/ })).toBeChecked();
  await expect(page.getByText(/Add the country code/)).toBeVisible();
  await expect(page.getByLabel('Parameter {{1}}')).toBeVisible();
});

/** Whether an element's text is shown whole: nothing cut by its own or its ancestors' overflow. */
async function fullyVisible(locator: Locator) {
  return locator.evaluate((el) => {
    const own = el.getBoundingClientRect();
    for (let node: HTMLElement | null = el as HTMLElement; node; node = node.parentElement) {
      if (node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX !== 'visible')
        return false;
      if (node.tagName === 'HEADER') break;
    }
    return own.width > 0;
  });
}

for (const width of [1440, 900]) {
  test(`the thread header shows the contact and channel names whole at ${String(width)} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/inbox/${PRIYA_THREAD}`);
    const header = page.getByRole('region', { name: /^Conversation with / }).locator('header');
    const name = header.getByRole('heading', { level: 2 });
    await expect(name).toHaveText('Priya Kowalski');
    const channel = header.getByText('Acme Support', { exact: true });
    await expect(channel).toBeVisible();
    await expect(header.getByRole('button', { name: 'Close thread' })).toBeVisible();
    expect(await fullyVisible(name)).toBe(true);
    expect(await fullyVisible(channel)).toBe(true);
  });
}

test('the composer shows the reply window’s time left', async ({ page }) => {
  await page.goto(`/inbox/${SOFIA_THREAD}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  const note = page.getByText('Reply window:').locator('..');
  await expect(note).toBeVisible();
  await expect(note.getByText(/^\d+ h left$/)).toBeVisible();
});

test('media whose link is broken shows a placeholder with its type, file name and a link', async ({
  page,
  fake,
}) => {
  const url = 'https://cdn.chatdesk.test/broken/shop-front.jpg';
  // The fake's clock is frozen: a message at the thread's newest instant would leave the thread's
  // record unchanged, and the sync would find it only by chance. A real upstream's clock moves.
  await fake.advanceClock(1_000);
  await fake.inbound({
    conversationId: SOFIA_THREAD,
    type: 'image',
    media: { url, mime_type: 'image/jpeg', file_name: 'shop-front.jpg', caption: 'Our shop' },
  });
  await fake.inbound({
    conversationId: SOFIA_THREAD,
    type: 'video',
    media: { url: 'https://cdn.chatdesk.test/broken/clip.mp4', mime_type: 'video/mp4' },
  });
  await page.goto(`/inbox/${SOFIA_THREAD}`);
  const history = page.getByRole('list', { name: 'Message history' });
  const image = history.getByRole('listitem').filter({ hasText: 'Our shop' });
  await expect(image.getByText('It could not be loaded.')).toBeVisible({ timeout: 15_000 });
  await expect(image.getByText('shop-front.jpg')).toBeVisible();
  await expect(image.getByRole('link', { name: 'Open image' })).toHaveAttribute('href', url);
  await expect(image.getByRole('img')).toHaveCount(0);
  const video = history.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Open video' }) });
  await expect(video.getByText('Video', { exact: true })).toBeVisible({ timeout: 15_000 });
});

test('a right-to-left override in a name or caption reorders nothing after it', async ({ page, fake }) => {
  const thread = await fake.api<Conversation>('social', 'GET', `/v1/conversations/${SOFIA_THREAD}`);
  // Renamed through the app's BFF, as a teammate would: every screen has the new name at once.
  const renamed = await page.request.patch(`/api/crm/contacts/${thread.contact_id!}`, {
    data: { first_name: `Sofia${RLO}lmth.exe` },
    headers: { 'x-csrf': '1', origin: e2eEnv.baseURL },
  });
  expect(renamed.ok()).toBe(true);
  await fake.inbound({
    conversationId: SOFIA_THREAD,
    type: 'image',
    media: { url: 'https://cdn.chatdesk.test/x.jpg', mime_type: 'image/jpeg', caption: `See ${RLO}fdp.exe` },
  });
  await page.goto(`/inbox/${SOFIA_THREAD}`);
  const isolatedText = async (locator: Locator) =>
    locator.evaluate((el) => ({ tag: el.tagName, bidi: getComputedStyle(el).unicodeBidi }));

  // The thread row, the header and the caption each hold the text in an isolate.
  const row = page.locator(`[data-thread-row="${SOFIA_THREAD}"]`);
  const inRow = row.locator('bdi').filter({ hasText: `Sofia${RLO}lmth.exe` });
  expect(await isolatedText(inRow)).toEqual({ tag: 'BDI', bidi: 'isolate' });
  const heading = page.getByRole('heading', { level: 2 }).locator('bdi');
  await expect(heading).toHaveText(`Sofia${RLO}lmth.exe Moreau`);
  expect(await isolatedText(heading)).toEqual({ tag: 'BDI', bidi: 'isolate' });
  const caption = page
    .getByRole('list', { name: 'Message history' })
    .locator('bdi')
    .filter({ hasText: 'fdp.exe' });
  expect(await isolatedText(caption)).toEqual({ tag: 'BDI', bidi: 'isolate' });
  // The time after the name in the row is not inside the isolate.
  await expect(inRow).not.toContainText('ago');
});

test('a thread header on a phone takes two rows at most and every control fits', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/inbox/${SOFIA_THREAD}`);
  const header = page.locator('header').filter({ has: page.locator('[data-thread-title]') });
  await expect(header.getByRole('heading', { name: 'Sofia Moreau' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Close thread' })).toBeVisible();
  // Names on one row, the controls on one more: never a third.
  expect((await header.boundingBox())!.height).toBeLessThan(100);
  const outside = await header
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons
        .filter((b) => b.getBoundingClientRect().right > window.innerWidth)
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    );
  expect(outside).toEqual([]);
});
