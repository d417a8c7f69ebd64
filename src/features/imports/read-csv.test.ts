import { describe, expect, it } from 'vitest';
import { CsvProblem, decodeFile, parseCsv } from './read-csv';

const bytes = (...values: number[]) => new Uint8Array(values).buffer;
const utf8 = (text: string) => new TextEncoder().encode(text).buffer;

describe('decodeFile', () => {
  it('reads UTF-8, with or without a byte-order mark', () => {
    expect(decodeFile(utf8('name\nJosé')).text).toBe('name\nJosé');
    expect(parseCsv(decodeFile(utf8('\uFEFFname\nJosé')).text).headers).toEqual(['name']);
  });

  it('says a Windows-encoded file is not UTF-8, and reads it when told its encoding', () => {
    // "José" in Windows-1252: é is the single byte 0xE9.
    const latin = bytes(0x4a, 0x6f, 0x73, 0xe9);
    expect(() => decodeFile(latin)).toThrow(CsvProblem);
    expect(() => decodeFile(latin)).toThrow(/not UTF-8 .*Windows \/ Western European/);
    expect(decodeFile(latin, 'windows-1252')).toEqual({ text: 'José', encoding: 'windows-1252' });
  });

  it('recognises UTF-16 by its byte-order mark', () => {
    const text = 'a,b';
    const le = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    [...text].forEach((c, i) => le.set([c.charCodeAt(0), 0], 2 + i * 2));
    expect(decodeFile(le.buffer)).toEqual({ text: 'a,b', encoding: 'utf-16le' });
  });
});

describe('parseCsv', () => {
  it('finds the delimiter, keeps quoted separators and line breaks, pads short rows', () => {
    const parsed = parseCsv('Name;Notes;City\r\n"Lima; Ana";"two\nlines";Porto\r\nBea;x\r\n');
    expect(parsed.delimiter).toBe(';');
    expect(parsed.headers).toEqual(['Name', 'Notes', 'City']);
    expect(parsed.rows).toEqual([
      ['Lima; Ana', 'two\nlines', 'Porto'],
      ['Bea', 'x', ''],
    ]);
  });

  it.each([
    ['', /empty/],
    ['name,email\n', /no rows of data/],
    ['name,email\n"Ana,ana@x.example\nBea,b@x.example', /Row 2 opens a quoted cell/],
    [
      'name,email\nAna,a@x.example,extra',
      /Row 2 has 3 cells but the header names 2 columns \(cells are separated by a comma\)/,
    ],
    ['name\u0000\u0001', /binary/],
  ])('explains a file it cannot use: %j', (text, message) => {
    expect(() => parseCsv(text)).toThrow(message);
  });

  it('refuses more rows than one import takes, saying how many it has', () => {
    const text = `name\n${'x\n'.repeat(50_001)}`;
    expect(() => parseCsv(text)).toThrow(/This file has 50,001 rows; one import takes at most 50,000/);
  });
});
