import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

test.use({ role: 'manager' });

const tableRows = (page: Page) => page.getByRole('table', { name: 'Customers' }).locator('tbody tr');

/** Opens the first customer of the list's second page of active businesses. */
async function openActiveBusiness(page: Page) {
  await page.goto('/customers?status=active&type=business&page=2');
  await expect(tableRows(page).first()).toBeVisible();
  const link = tableRows(page).first().getByRole('link');
  const name = (await link.textContent())?.trim() ?? '';
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return name;
}

test('a manager filters and pages customers, edits one, tags it, adds a contact and messages them', async ({
  page,
}) => {
  // One long journey instead of six short ones: cheaper overall, but more than the default budget.
  test.setTimeout(90_000);
  // The list: statistics, filters and paging in the URL.
  await page.goto('/customers');
  await expect(page.getByRole('region', { name: 'Customer statistics' })).toContainText('By status');
  await expect(tableRows(page)).toHaveCount(20);
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
  await page.getByRole('combobox', { name: 'Type' }).selectOption('business');
  await expect(page).toHaveURL(/status=active/);
  await expect(page).toHaveURL(/type=business/);
  // The previous page stays on screen while the next loads: wait for the list to settle.
  await expect(page.getByRole('region', { name: 'Customer list' })).toHaveAttribute('aria-busy', 'false');
  for (const row of await tableRows(page).all()) {
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Business');
  }
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
  await expect(tableRows(page)).toHaveCount(10);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(/^11–20 of \d+$/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
  await expect(tableRows(page)).toHaveCount(10);

  // A customer: edit the address.
  await openActiveBusiness(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Edit details' }).click();
  const form = page.getByRole('form', { name: 'Edit customer details' });
  await form.getByRole('textbox', { name: 'Street' }).fill('7 Rua das Flores');
  await form.getByRole('textbox', { name: 'City' }).fill('Porto');
  await form.getByRole('textbox', { name: 'State or region' }).fill('');
  await form.getByRole('textbox', { name: 'Postal code' }).fill('4050-265');
  await form.getByRole('textbox', { name: 'Country' }).fill('Portugal');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toHaveCount(0);
  const address = page.getByRole('group', { name: 'Address' });
  await expect(address).toContainText('7 Rua das Flores');
  await expect(address).toContainText('Porto, 4050-265');
  await expect(address.locator('span').last()).toHaveText('Portugal');

  // Add a tag through the picker.
  await page.getByRole('button', { name: 'Add tags' }).click();
  const picker = page.getByRole('dialog', { name: 'Add tags' });
  const option = picker.getByRole('checkbox').first();
  const tagName = ((await picker.locator('label').first().textContent()) ?? '').trim();
  await option.check();
  await picker.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByRole('region', { name: 'Tags' }).getByText(tagName, { exact: true })).toBeVisible();

  // A new contact: an invalid email is refused on its field, then a valid one goes through.
  await page.getByRole('button', { name: 'New contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'New contact' });
  await dialog.getByRole('textbox', { name: 'First name' }).fill('Marta');
  await dialog.getByRole('textbox', { name: 'Last name' }).fill('Ribeiro');
  await dialog.getByRole('textbox', { name: 'Mobile' }).fill('+351 912 345 678');
  const email = dialog.getByRole('textbox', { name: 'Email' });
  await email.fill('marta@');
  await dialog.getByRole('button', { name: 'Create contact' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Must be an email.')).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await email.fill('marta@ribeiro.example');
  await dialog.getByRole('button', { name: 'Create contact' }).click();
  await expect(dialog).toHaveCount(0);

  // The contact's page, and a conversation started from it.
  await page.getByRole('region', { name: 'Contacts' }).getByRole('link', { name: 'Marta Ribeiro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Marta Ribeiro' })).toBeVisible();
  await expect(
    page.getByRole('form', { name: 'Edit contact' }).getByRole('textbox', { name: 'Mobile' }),
  ).toHaveValue('351912345678');
  // The page, not the toast layer (the shared toaster is checked by its owner).
  await expectAccessible(page, 'main');
  await page.getByRole('link', { name: 'Message' }).click();
  await expect(page).toHaveURL(/\/inbox\/new\?/);
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('+351912345678');
  await expect(page.getByRole('textbox', { name: 'Contact name' })).toHaveValue('Marta Ribeiro');
});

test('a logged call that needs a follow-up is highlighted at the top of the timeline', async ({ page }) => {
  await openActiveBusiness(page);
  const activity = page.getByRole('region', { name: 'Activity' });
  await page.getByRole('button', { name: 'Log activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log activity' });
  await expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveValue('call');
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Quarterly review call');
  await dialog.getByRole('combobox', { name: 'Outcome' }).selectOption('follow_up_needed');
  await dialog.getByRole('spinbutton', { name: 'Duration (minutes)' }).fill('20');
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Log activity' }).click();
  await expect(dialog).toHaveCount(0);

  const first = activity.getByRole('article').first();
  await expect(first).toHaveAccessibleName('Call: Quarterly review call');
  await expect(first).toContainText('Follow-up needed');
  await expect(first).toContainText('20 min');
  await expect(activity.getByRole('region', { name: /Needs follow-up/ })).toContainText(
    'Quarterly review call',
  );
  await expectAccessible(page, 'main');
});

test('a customer that is not in the workspace says so', async ({ page }) => {
  await page.goto('/customers/5d8e6f1a-0b2c-4d3e-8f4a-9b0c1d2e3f4a');
  await expect(page.getByText('This customer is not in this workspace')).toBeVisible();
  await page.getByRole('link', { name: 'Customers' }).last().click();
  await expect(page).toHaveURL(/\/customers$/);
});

test('back from a customer, the list is where it was left', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/customers');
  const list = page.getByRole('region', { name: 'Customer list' });
  await expect(list.getByRole('link').nth(5)).toBeVisible();
  // The page's own scrolling box: the list, its filters and its statistics scroll together.
  const box = page.getByRole('heading', { name: 'Customers', level: 1 }).locator('xpath=../..');
  const offset = () => box.evaluate((el) => el.scrollTop);
  const left = await box.evaluate((el) => {
    el.scrollTop = el.scrollHeight - el.clientHeight;
    return el.scrollTop;
  });
  expect(left).toBeGreaterThan(100);
  await expect.poll(offset).toBe(left);

  await list.getByRole('link').last().click();
  await expect(page).toHaveURL(/\/customers\/[^/]+$/);
  await page.goBack();
  await expect(list).toBeVisible();
  await expect.poll(offset).toBe(left);
});
