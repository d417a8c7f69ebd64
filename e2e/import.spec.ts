import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test } from './fixtures';

// A manager imports customers with their contacts from a semicolon CSV (as Excel writes it in
// much of Europe): the columns are guessed, a bad row shows in the preview, the job is checked,
// started and finished, the refused row downloads with its reason, and the new customer is on
// the customers list.

test.use({ role: 'manager' });

const FILE = [
  'Customer;Email;Country;First name;Last name;Contact email',
  'Nordwind Handel;info@nordwind.example;Germany;Jürgen;Kühn;juergen@nordwind.example',
  'Nordwind Handel;info@nordwind.example;Germany;Anke;Maas;anke@nordwind.example',
  ';no-name@example.com;;;;',
].join('\r\n');

test('imports customers with contacts and reports the refused row', async ({ page }) => {
  await page.goto('/customers');
  await page.getByRole('link', { name: 'Import customers' }).click();
  await expect(page.getByRole('heading', { name: 'Import from CSV' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Customers with contacts' })).toBeChecked();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'nordwind.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(FILE, 'utf8'),
  });
  await expect(page.getByText(/nordwind\.csv: 3 rows, 6 columns/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Import "First name" as' })).toHaveValue('contact_first_name');
  await expect(page.getByRole('table', { name: /Preview/ }).getByText(/^name /)).toBeVisible();

  await page.getByRole('button', { name: 'Check 3 rows' }).click();
  const job = page.getByRole('region', { name: 'nordwind.csv' });
  await expect(job.getByRole('status')).toContainText('Nothing has been sent yet.');
  await job.getByRole('button', { name: 'Start import' }).click();
  await expect(job.getByRole('status')).toHaveText('Finished. 3 of 3 rows done.', { timeout: 20_000 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    job.getByRole('link', { name: 'Download the refused row (1) and why' }).click(),
  ]);
  const rows: Record<string, string>[] = parse(await readFile((await download.path())!, 'utf8'), {
    columns: true,
    bom: true,
  });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ Row: '4', Outcome: 'refused', 'Customer email': 'no-name@example.com' });
  expect(rows[0]!.Reason).toMatch(/^name /);

  await page.goto('/customers');
  await expect(page.getByRole('link', { name: 'Nordwind Handel' })).toBeVisible();
});
