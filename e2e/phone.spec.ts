import type { LeadList, LeadStage } from '../src/contract';
import { expect, test } from './fixtures';

// A phone: one pane at a time, the details in a drawer.
test.use({ viewport: { width: 412, height: 823 } });

test('on a phone, a thread opens alone at its newest message, shows its details in a drawer and goes back to the list', async ({
  page,
}) => {
  await page.goto('/inbox');
  const list = page.getByRole('list', { name: 'Conversation list' });
  const first = list.getByRole('listitem').first().getByRole('link');
  await expect(first).toBeVisible();
  await first.click();

  const history = page.getByRole('list', { name: 'Message history' });
  await expect(history).toBeVisible();
  // The list is not behind the thread, and the details are not rendered beside it.
  await expect(page.getByRole('region', { name: 'Conversations' })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Details' })).toHaveCount(0);
  // Opened at the newest message: the last row is on screen.
  await expect(history.getByRole('listitem').last()).toBeInViewport();

  await page.getByRole('button', { name: 'Show details' }).click();
  const drawer = page.getByRole('dialog', { name: 'Details' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(page.getByRole('list', { name: 'Conversation list' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Message history' })).toHaveCount(0);
});

test('on a phone, a thread opened from a link reads only the thread; the list is read on the way back to it', async ({
  page,
}) => {
  await page.goto('/inbox');
  const first = page
    .getByRole('list', { name: 'Conversation list' })
    .getByRole('listitem')
    .first()
    .getByRole('link');
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/inbox\/[^/?]+/);

  const listReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/bff/screens/inbox') listReads.push(request.url());
  });
  await page.goto(href!);
  await expect(page.getByRole('list', { name: 'Message history' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(listReads).toEqual([]);

  await page.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(
    page.getByRole('list', { name: 'Conversation list' }).getByRole('listitem').first(),
  ).toBeVisible();
  expect(listReads.length).toBeGreaterThan(0);
});

test('on a phone, the board shows every column’s count at once and a column’s cards when scrolled to', async ({
  page,
  fake,
}) => {
  const stages = (await fake.api<LeadStage[]>('crm', 'GET', '/v1/lead-stages')).sort(
    (a, b) => a.position - b.position,
  );
  const [first, last] = [stages[0]!, stages.at(-1)!];
  const lastCount = (await fake.api<LeadList>('crm', 'GET', `/v1/leads?status=${last.key}&limit=1`)).total;
  expect(lastCount).toBeGreaterThan(0);
  await page.goto('/leads');
  const column = (name: string) => page.getByRole('region', { name, exact: true });
  const cards = (name: string) =>
    column(name)
      .getByRole('list', { name: `Leads in ${name}` })
      .getByRole('button');
  await expect(cards(first.name).first()).toBeVisible();
  // The last column, a board's width away: its count now, its cards once it is scrolled to.
  await expect(column(last.name).getByLabel(`${String(lastCount)} leads`)).toBeAttached();
  await expect(cards(last.name)).toHaveCount(0);
  await column(last.name).scrollIntoViewIfNeeded();
  await expect(cards(last.name).first()).toBeVisible();
});

test('on a phone, the list is where it was left when coming back from a thread, by its link or by Back', async ({
  page,
}) => {
  await page.goto('/inbox');
  const rows = page.getByRole('list', { name: 'Conversation list' }).getByRole('listitem');
  await expect(rows.nth(15)).toBeAttached();
  const panel = page.getByRole('tabpanel', { name: 'Threads' });
  const offset = () => panel.evaluate((el) => el.scrollTop);
  const left = await panel.evaluate((el) => {
    el.scrollTop = Math.min(700, el.scrollHeight - el.clientHeight);
    return el.scrollTop;
  });
  expect(left).toBeGreaterThan(200);
  // Where the list was left, within a few pixels: Chromium may settle a scroll a pixel or two off
  // the offset asked for (device pixels, scroll anchoring), and again when it is put back.
  const nearLeft = async () => Math.abs((await offset()) - left) <= 4;
  // Scroll events are handled before the click that leaves.
  await expect.poll(nearLeft).toBe(true);

  const visibleRow = async () => {
    for (let i = 0; i < (await rows.count()); i++) {
      const link = rows.nth(i).getByRole('link');
      const box = await link.boundingBox();
      if (box && box.y > 200 && box.y < 600) return link;
    }
    throw new Error('no row on screen');
  };
  await (await visibleRow()).click();
  await expect(page.getByRole('list', { name: 'Message history' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(panel).toBeVisible();
  await expect.poll(nearLeft).toBe(true);

  await (await visibleRow()).click();
  await expect(page.getByRole('list', { name: 'Message history' })).toBeVisible();
  await page.goBack();
  await expect(panel).toBeVisible();
  await expect.poll(nearLeft).toBe(true);
});
