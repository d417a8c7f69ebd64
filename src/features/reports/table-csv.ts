import { stringify } from 'csv-stringify/browser/esm/sync';

/** Downloads a report table as CSV (small: built in the page, with a BOM for spreadsheets). */
export function downloadCsv(
  filename: string,
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
) {
  const text = stringify([header, ...rows.map((r) => r.map((v) => (v === null ? '' : v)))], {
    bom: true,
    record_delimiter: 'windows',
  });
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
