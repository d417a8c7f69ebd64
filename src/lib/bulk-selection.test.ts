import { describe, expect, it } from 'vitest';
import { keepListed, NOTHING_SELECTED, selectAllMatching, setRows, toggle } from './bulk-selection';

const ORDER = ['a', 'b', 'c', 'd', 'e'];
const picked = (s: { ids: ReadonlySet<string> }) => [...s.ids].sort();

describe('picking records for a bulk action', () => {
  it('toggles one row at a time', () => {
    const one = toggle(NOTHING_SELECTED, 'b', false, ORDER);
    expect(picked(one)).toEqual(['b']);
    expect(picked(toggle(one, 'b', false, ORDER))).toEqual([]);
  });

  it('shift-click picks the range from the last row clicked, either way', () => {
    const start = toggle(NOTHING_SELECTED, 'b', false, ORDER);
    expect(picked(toggle(start, 'd', true, ORDER))).toEqual(['b', 'c', 'd']);
    const up = toggle(NOTHING_SELECTED, 'd', false, ORDER);
    expect(picked(toggle(up, 'a', true, ORDER))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('shift-click from a row just unpicked clears the range', () => {
    let s = selectAllMatching(ORDER);
    s = toggle(s, 'b', false, ORDER);
    expect(s.allMatching).toBe(false);
    expect(picked(toggle(s, 'd', true, ORDER))).toEqual(['a', 'e']);
  });

  it('shift-click without an anchor, or on a row not listed, toggles only that row', () => {
    expect(picked(toggle(NOTHING_SELECTED, 'c', true, ORDER))).toEqual(['c']);
    const s = toggle(NOTHING_SELECTED, 'zz\u0000', false, ORDER);
    expect(picked(toggle(s, 'c', true, ORDER))).toEqual(['c', 'zz\u0000']);
  });

  it('drops rows that left the list from a pick by hand, never from "all matching"', () => {
    const s = toggle(toggle(NOTHING_SELECTED, 'a', false, ORDER), 'e', false, ORDER);
    expect(picked(keepListed(s, ['a', 'b']))).toEqual(['a']);
    const all = selectAllMatching(ORDER);
    expect(keepListed(all, ['a'])).toBe(all);
  });
});

describe('the header box of a page', () => {
  it('picks every row shown, keeping those picked elsewhere, and unpicks only the rows shown', () => {
    const elsewhere = toggle(NOTHING_SELECTED, 'other page', false, ['other page']);
    const page = setRows(elsewhere, ['a', 'b'], true);
    expect(picked(page)).toEqual(['a', 'b', 'other page']);
    expect(page.anchor).toBeNull();
    expect(picked(setRows(page, ['a', 'b'], false))).toEqual(['other page']);
  });

  it('narrows "all matching" to the rows it is given', () => {
    const all = selectAllMatching(ORDER);
    const none = setRows(all, ['a'], false);
    expect(none.allMatching).toBe(false);
    expect(picked(none)).toEqual([]);
    expect(picked(setRows(all, ['a', '\u0000'], true))).toEqual(['\u0000', 'a']);
  });
});
