import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test } from './fixtures';

// A manager downloads the customers list as CSV with the status filter on screen applied.

test.use({ role: 'manager' });

test('exports the filtered customers as CSV', async ({ page }) => {
  await page.goto('/customers');
  await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export customers' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text).toMatch(/^\uFEFFid,name,company_name,email,phone,/);
  const rows: Record<string, string>[] = parse(text, { columns: true, bom: true });
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row.status).toBe('active');
});
