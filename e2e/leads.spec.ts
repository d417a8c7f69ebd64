import type { Locator, Page } from '@playwright/test';
import type { Lead, LeadList, LeadStage } from '../src/contract';
import { expect, expectAccessible, isolated, test } from './fixtures';
import type { FakeControl } from './fake-control';

test.use({ role: 'manager' });

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const cards = (page: Page, stage: string) =>
  column(page, stage)
    .getByRole('list', { name: `Leads in ${stage}` })
    .getByRole('button');
const card = (page: Page, stage: string, lead: string) => cards(page, stage).filter({ hasText: lead });

async function stagesOf(fake: FakeControl): Promise<LeadStage[]> {
  const stages = await fake.api<LeadStage[]>('crm', 'GET', '/v1/lead-stages');
  return stages.filter((s) => !s.is_won && !s.is_lost);
}

/** The newest lead of a stage: the first card of its column. */
async function newestIn(fake: FakeControl, key: string, skip = 0): Promise<Lead> {
  const list = await fake.api<LeadList>('crm', 'GET', `/v1/leads?status=${key}&limit=5`);
  return list.data[skip]!;
}

async function leadStatus(fake: FakeControl, id: string) {
  return (await fake.api<Lead>('crm', 'GET', `/v1/leads/${id}`)).status;
}

/** Drags with the mouse in small steps, as a person does (the pointer sensor needs a few pixels). */
async function dragTo(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + 160, { steps: 12 });
  await page.mouse.up();
}

test('a manager creates a lead, drags leads by mouse and keyboard, and the moves survive a reload', async ({
  page,
  fake,
}) => {
  const [first, second, third] = await stagesOf(fake);
  const defaultStage = (await fake.api<LeadStage[]>('crm', 'GET', '/v1/lead-stages')).find(
    (s) => s.is_default,
  )!;
  await page.goto('/leads');
  await expect(cards(page, first!.name).first()).toBeVisible();
  await expect(column(page, first!.name)).toContainText(/\d/);
  await expectAccessible(page);

  // A new lead lands in the default stage.
  await page.getByRole('button', { name: 'New lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'New lead' });
  await dialog.getByLabel('Name').fill('Quentin Quokka');
  await dialog.getByLabel('Company').fill('Quokka Ventures');
  await dialog.getByLabel('Value').fill('4200');
  await dialog.getByLabel('Currency').fill('EUR');
  await dialog.getByRole('button', { name: 'Create lead' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, defaultStage.name, 'Quentin Quokka')).toBeVisible();

  // Mouse: the newest lead of the first stage to the second.
  const byMouse = await newestIn(fake, first!.key, first!.key === defaultStage.key ? 0 : 0);
  const mouseCard = card(page, first!.name, byMouse.name).first();
  await dragTo(page, mouseCard, column(page, second!.name));
  await expect(card(page, second!.name, byMouse.name).first()).toBeVisible();
  await expect.poll(() => leadStatus(fake, byMouse.id)).toBe(second!.key);

  // Keyboard: Space picks up, the right arrow moves one stage, Space drops.
  const byKeys = await newestIn(fake, second!.key, 1);
  const keyCard = card(page, second!.name, byKeys.name).first();
  await keyCard.focus();
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(`lead ${byKeys.name}`, {
    ignoreCase: true,
  });
  // The columns are measured in the frames after the pick-up is announced; an arrow pressed before
  // that finds no column to go to (a person would press it again). Two frames, then the arrow.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(`was moved over stage ${third!.name}`);
  await page.keyboard.press('Space');
  await expect(card(page, third!.name, byKeys.name).first()).toBeVisible();
  await expect.poll(() => leadStatus(fake, byKeys.id)).toBe(third!.key);

  // After a reload both are in their new stages (found through the search filter).
  for (const [lead, stage] of [
    [byMouse, second!],
    [byKeys, third!],
  ] as const) {
    await page.goto(`/leads?q=${encodeURIComponent(lead.name)}`);
    await expect(card(page, stage.name, lead.name).first()).toBeVisible();
  }
});

test('a refused move rolls back with the reason, and Undo restores the last move', async ({ page, fake }) => {
  const [first, second] = await stagesOf(fake);
  const lead = await newestIn(fake, first!.key);
  await page.goto('/leads');
  await expect(card(page, first!.name, lead.name).first()).toBeVisible();

  await fake.fail({
    method: 'PATCH',
    path: '/v1/leads/{id}',
    status: 400,
    message: 'status is locked by a running import',
    delayMs: 300,
  });
  await dragTo(page, card(page, first!.name, lead.name).first(), column(page, second!.name));
  await expect(page.getByText('status is locked by a running import')).toBeVisible();
  await expect(card(page, first!.name, lead.name).first()).toBeVisible();
  await expect(card(page, second!.name, lead.name)).toHaveCount(0);
  expect(await leadStatus(fake, lead.id)).toBe(first!.key);

  // A move that goes through, then Undo in its toast.
  await dragTo(page, card(page, first!.name, lead.name).first(), column(page, second!.name));
  await expect.poll(() => leadStatus(fake, lead.id)).toBe(second!.key);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => leadStatus(fake, lead.id)).toBe(first!.key);
  await expect(card(page, first!.name, lead.name).first()).toBeVisible();
  await expect(card(page, second!.name, lead.name)).toHaveCount(0);

  // Ctrl+Z undoes the last move too (once the move's answer is in: its toast offers Undo).
  await dragTo(page, card(page, first!.name, lead.name).first(), column(page, second!.name));
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect.poll(() => leadStatus(fake, lead.id)).toBe(second!.key);
  await page.keyboard.press('Control+z');
  await expect.poll(() => leadStatus(fake, lead.id)).toBe(first!.key);
});

test('the list view pages the same leads and the drawer edits a lead', async ({ page, fake }) => {
  await page.goto('/leads?view=list&priority=high');
  const table = page.getByRole('table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByText(/leads · page 1 of \d+/)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  // The fifth column: a manager's table starts with the bulk actions' boxes.
  for (const badge of await table.locator('tbody tr td:nth-child(5)').all())
    await expect(badge).toHaveText('High');

  const name = (await table.locator('tbody tr').first().getByRole('button').textContent())!.trim();
  await table.locator('tbody tr').first().getByRole('button').click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/lead=/);
  await expectAccessible(page);
  const form = drawer.getByRole('form', { name: 'Lead details' });
  await form.getByLabel('Probability (%)').fill('140');
  await form.getByRole('button', { name: 'Save changes' }).click();
  // Checked before sending, on the field itself.
  await expect(form.getByText(/must not be greater than 100/i)).toBeVisible();
  await expect(form.getByLabel('Probability (%)')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Probability (%)').fill('65');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${isolated(name)} saved`)).toBeVisible();
  const log = drawer.getByRole('form', { name: 'Log activity' });
  await log.getByLabel('Subject').fill('Call back about pricing');
  await log.getByLabel('Outcome').selectOption('follow_up_needed');
  await log.getByRole('button', { name: 'Log activity' }).click();
  await expect(drawer.getByRole('listitem').filter({ hasText: 'Call back about pricing' })).toContainText(
    'Follow-up needed',
  );
  await expect(drawer.getByText('Needs follow-up')).toBeVisible();
  const id = new URL(page.url()).searchParams.get('lead')!;
  expect((await fake.api<Lead>('crm', 'GET', `/v1/leads/${id}`)).probability).toBe(65);
});

test('the board fits a laptop on one toolbar row and a phone without sideways page scrolling', async ({
  page,
  fake,
}) => {
  const [first] = await stagesOf(fake);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/leads');
  const heading = page.getByRole('heading', { name: 'Leads', level: 1 });
  const newLead = page.getByRole('button', { name: 'New lead' });
  await expect(cards(page, first!.name).first()).toBeVisible();
  // One toolbar row: "New lead" beside the title, not on a row of its own.
  const [h, n] = [(await heading.boundingBox())!, (await newLead.boundingBox())!];
  expect(Math.abs(n.y + n.height / 2 - (h.y + h.height / 2))).toBeLessThan(12);
  // Each sums line says what it is; no card's date is cut.
  const header = column(page, first!.name).locator('header');
  await expect(header).toContainText('Total');
  await expect(header).toContainText('Weighted');
  const cut = await page
    .locator('[title="Expected close"]')
    .evaluateAll((dates) => dates.filter((d) => d.scrollWidth > d.clientWidth).map((d) => d.textContent));
  expect(cut).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(newLead).toBeVisible();
  // The board scrolls sideways inside itself; the page does not.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  // The toolbar leaves the phone's screen to the cards: the first column starts high.
  const top = (await column(page, first!.name).boundingBox())!.y;
  expect(top).toBeLessThan(220);
  await expectAccessible(page);
});
