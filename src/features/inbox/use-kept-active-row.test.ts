import { describe, expect, it } from 'vitest';
import { withKeptRow } from './use-kept-active-row';

const id = (r: { id: string }) => r.id;
const a = { id: 'a' };
const b = { id: 'b' };
const c = { id: 'c' };

describe('withKeptRow', () => {
  it('puts the active row back at its place when the list lost it', () => {
    expect(withKeptRow([a, c], { row: b, index: 1 }, id, 'b')).toEqual([a, b, c]);
    expect(withKeptRow([], { row: b, index: 3 }, id, 'b')).toEqual([b]);
  });

  it('leaves the list alone when the row is still there, or another thread is open', () => {
    const rows = [a, b, c];
    expect(withKeptRow(rows, { row: b, index: 1 }, id, 'b')).toBe(rows);
    expect(withKeptRow([a, c], { row: b, index: 1 }, id, 'c')).toEqual([a, c]);
    expect(withKeptRow([a, c], { row: b, index: 1 }, id, undefined)).toEqual([a, c]);
    expect(withKeptRow([a, c], null, id, 'b')).toEqual([a, c]);
  });
});
