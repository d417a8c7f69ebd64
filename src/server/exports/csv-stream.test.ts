import { describe, expect, it } from 'vitest';
import { csvStream, safeCell } from './csv-stream';

describe('CSV cells', () => {
  it('makes text of what a spreadsheet would run, and leaves numbers and phone numbers alone', () => {
    expect(safeCell('=1+2')).toBe("'=1+2");
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCell('+cmd|x')).toBe("'+cmd|x");
    expect(safeCell('-2+3+cmd')).toBe("'-2+3+cmd");
    expect(safeCell('\tx')).toBe("'\tx");
    expect(safeCell('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(safeCell(-12.5)).toBe('-12.5');
    expect(safeCell(null)).toBe('');
    expect(safeCell(false)).toBe('false');
  });

  it('streams a header and quoted rows with a byte-order mark', async () => {
    let text = '';
    for await (const chunk of csvStream(
      [{ a: 'x, "y"' }, { a: 'line\nbreak' }],
      [{ header: 'a', value: (r) => r.a }],
    ))
      text += String(chunk);
    expect(text).toBe('\uFEFFa\r\n"x, ""y"""\r\n"line\nbreak"\r\n');
  });
});
