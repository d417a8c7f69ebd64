import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

// Rows to CSV as a stream: a row is turned into text only when the client is ready for it, so an
// export of 50,000 rows never holds its text in memory. With a byte-order mark, so spreadsheet
// programs read the UTF-8 as UTF-8.

export type Cell = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  readonly header: string;
  readonly value: (row: T) => Cell;
}

// A cell a spreadsheet would run as a formula (=, +, -, @, tab, return at the start) is exported
// as text: a contact named "=HYPERLINK(…)" must not become a link in a manager's spreadsheet.
// A plain number or phone number ("-12.5", "+44 20 7946 0958") cannot call anything and stays.
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER_LIKE = /^[+-]?[\d\s().,-]+$/;
export const safeCell = (value: Cell): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return FORMULA_START.test(text) && !NUMBER_LIKE.test(text) ? `'${text}` : text;
};

export function csvStream<T>(
  rows: Iterable<T> | AsyncIterable<T>,
  columns: readonly CsvColumn<T>[],
): Readable {
  const cells = (row: T) => columns.map((c) => safeCell(c.value(row)));
  // Rows read from the database a page at a time come as an async iterable.
  const records = Readable.from(
    Symbol.asyncIterator in rows
      ? (async function* () {
          for await (const row of rows) yield cells(row);
        })()
      : (function* () {
          for (const row of rows) yield cells(row);
        })(),
  );
  const csv = stringify({
    header: true,
    columns: columns.map((c) => c.header),
    bom: true,
    // Any line break in a cell quotes it (the library quotes only the record delimiter itself).
    quoted_match: /[\r\n]/,
    record_delimiter: 'windows',
  });
  records.on('error', (error) => csv.destroy(error));
  return records.pipe(csv);
}
