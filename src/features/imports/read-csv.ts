import Papa from 'papaparse';
import { MAX_IMPORT_ROWS } from '@/contract/imports';

// A CSV file as the import reads it: the bytes decoded (UTF-8 by default; a file saved by a
// spreadsheet in a Windows encoding is noticed and can be read as such), then split into a header
// and rows, with the delimiter found from the file (Excel in much of Europe writes semicolons).
// Every way a file can be unusable gets a sentence the user can act on.

export const ENCODINGS = [
  { value: 'utf-8', label: 'UTF-8 (most files)' },
  { value: 'windows-1252', label: 'Windows / Western European (Excel "CSV")' },
  { value: 'utf-16le', label: 'UTF-16 (Excel "Unicode text")' },
] as const;
export type Encoding = (typeof ENCODINGS)[number]['value'];

export class CsvProblem extends Error {}

export interface DecodedFile {
  readonly text: string;
  readonly encoding: Encoding;
}

/** Decodes the bytes; without a chosen encoding, a byte-order mark decides, then UTF-8 strictly. */
export function decodeFile(bytes: ArrayBuffer, chosen?: Encoding): DecodedFile {
  const head = new Uint8Array(bytes.slice(0, 3));
  const bom16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  const encoding: Encoding = chosen ?? (bom16 ? 'utf-16le' : 'utf-8');
  if (encoding === 'utf-16le' && head[0] === 0xfe) {
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding };
  }
  try {
    // fatal: a byte sequence that is not UTF-8 is an error, never a silent "�" in a name.
    return { text: new TextDecoder(encoding, { fatal: encoding === 'utf-8' }).decode(bytes), encoding };
  } catch {
    throw new CsvProblem(
      'This file is not UTF-8 text. It was probably saved by Excel in a Windows encoding: choose ' +
        '"Windows / Western European" below and check that accented letters look right, or save ' +
        'it again as "CSV UTF-8".',
    );
  }
}

export interface ParsedCsv {
  readonly headers: string[];
  /** Data rows, each as long as the header (short rows padded, extra cells refused). */
  readonly rows: string[][];
  readonly delimiter: string;
}

const DELIMITER_NAMES: Readonly<Record<string, string>> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '|': 'vertical bar',
};

/** Splits the text into a header and rows; throws a CsvProblem saying what is wrong and where. */
export function parseCsv(text: string): ParsedCsv {
  if (text.includes('\u0000'))
    throw new CsvProblem('This is not a CSV file (it holds binary data). Export the sheet as CSV first.');
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: false,
  });
  const quote = result.errors.find((e) => e.type === 'Quotes');
  if (quote)
    throw new CsvProblem(
      `Row ${(quote.row ?? 0) + 1} opens a quoted cell (") that is never closed, so the rest of the ` +
        'file cannot be read. Fix that cell and choose the file again.',
    );
  // A last line break makes one empty row; it is not data.
  const all = result.data.at(-1)?.every((c) => c === '') ? result.data.slice(0, -1) : result.data;
  const [header, ...rows] = all;
  const headers = (header ?? []).map((h) => h.trim());
  if (headers.length === 0 || headers.every((h) => h === ''))
    throw new CsvProblem('This file is empty. The first row must name the columns.');
  if (rows.length === 0) throw new CsvProblem('This file has a header row but no rows of data.');
  if (rows.length > MAX_IMPORT_ROWS)
    throw new CsvProblem(
      `This file has ${rows.length.toLocaleString()} rows; one import takes at most ` +
        `${MAX_IMPORT_ROWS.toLocaleString()}. Split it into smaller files.`,
    );
  const width = headers.length;
  const tooWide = rows.findIndex((r) => r.length > width && r.slice(width).some((c) => c.trim() !== ''));
  if (tooWide >= 0)
    throw new CsvProblem(
      `Row ${tooWide + 2} has ${rows[tooWide]!.length} cells but the header names ${width} columns ` +
        `(cells are separated by a ${DELIMITER_NAMES[result.meta.delimiter] ?? result.meta.delimiter}). ` +
        'A cell holding the separator must be in quotes.',
    );
  const padded = rows.map((r) =>
    r.length === width ? r : [...r.slice(0, width), ...Array<string>(Math.max(0, width - r.length)).fill('')],
  );
  return { headers, rows: padded, delimiter: result.meta.delimiter };
}
