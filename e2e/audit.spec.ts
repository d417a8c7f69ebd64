import type { LeadStage } from '../src/contract';
import { DEMO_USERS, expect, expectAccessible, test } from './fixtures';

test.use({ role: 'admin' });

test('an admin finds who renamed a stage in the audit log, and filters it', async ({ page, fake }) => {
  const stages = await fake.api<LeadStage[]>('crm', 'GET', '/v1/lead-stages');
  const stage = stages.find((s) => !s.is_default && !s.is_won && !s.is_lost)!;

  await page.goto('/settings/stages');
  await page.getByRole('button', { name: `Edit stage ${stage.name}` }).click();
  const form = page.getByRole('form', { name: `Edit stage ${stage.name}` });
  await form.getByLabel('Name').fill('Audited stage');
  await form.getByRole('button', { name: 'Save stage' }).click();
  await expect(page.getByRole('listitem', { name: 'Audited stage' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log, newest first' });
  const change = table.getByRole('row').filter({ hasText: 'leadStages.update' }).first();
  await expect(change).toContainText(DEMO_USERS.admin.username);
  await expect(change).toContainText('Succeeded');
  await expect(change).toContainText(stage.id);
  await expectAccessible(page);

  // Filters live in the URL: a reload keeps them.
  await page.getByRole('combobox', { name: 'Action' }).selectOption('leadStages.update');
  await expect(page).toHaveURL(/action=leadStages\.update/);
  await expect(table.getByRole('row').filter({ hasText: 'auth.login' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Action' })).toHaveValue('leadStages.update');
  await expect(table.getByRole('row').filter({ hasText: 'leadStages.update' }).first()).toBeVisible();

  await page.getByRole('searchbox', { name: 'Person' }).fill('nobody@acme.test');
  await page.getByRole('searchbox', { name: 'Person' }).press('Enter');
  await expect(page.getByText('No entries match these filters')).toBeVisible();
});

test.describe('as an agent', () => {
  test.use({ role: 'agent' });
  test('the audit log is not offered, and its address leads to the lead stages', async ({ page }) => {
    await page.goto('/settings/audit');
    await expect(page).toHaveURL(/\/settings\/stages$/);
    await expect(
      page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Audit log' }),
    ).toHaveCount(0);
  });
});
