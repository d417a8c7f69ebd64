import { describe, expect, it } from 'vitest';
import type { Lead } from '@/contract';
import {
  insertIntoColumn,
  matchesFilters,
  removeFromColumn,
  replaceInColumn,
  type ColumnData,
} from './lead-columns';
import { FIRST_OFFSET_PARAM } from './lead-windows';

const lead = (id: string, extra: Partial<Lead> = {}) =>
  ({ id, name: `Lead ${id}`, status: 'new', ...extra }) as Lead;

const column = (): ColumnData => ({
  pageParams: [FIRST_OFFSET_PARAM, FIRST_OFFSET_PARAM],
  pages: [
    { rows: [lead('a'), lead('b')], total: 4, hasMore: true, reached: 2 },
    { rows: [lead('c'), lead('d')], total: 4, hasMore: false, reached: 4 },
  ],
});

describe('column cache', () => {
  it('removes a lead and counts one fewer', () => {
    const next = removeFromColumn(column(), 'c');
    expect(next.pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(['a', 'b', 'd']);
    expect(next.pages.map((p) => p.total)).toEqual([3, 3]);
    expect(removeFromColumn(column(), 'zzz')).toEqual(column());
  });

  it('inserts at the top once, counting it', () => {
    const next = insertIntoColumn(column(), lead('e'));
    expect(next.pages[0]?.rows.map((r) => r.id)).toEqual(['e', 'a', 'b']);
    expect(next.pages.map((p) => p.total)).toEqual([5, 5]);
    expect(insertIntoColumn(next, lead('e', { name: 'Renamed' })).pages.map((p) => p.total)).toEqual([5, 5]);
  });

  it('replaces a lead in place', () => {
    const next = replaceInColumn(column(), lead('d', { name: 'Dora' }));
    expect(next.pages[1]?.rows[1]?.name).toBe('Dora');
  });

  it('applies the upstream filters to a lead', () => {
    const l = lead('x', { priority: 'high', company_name: 'Acme Corp', email: null });
    expect(matchesFilters(l, { priority: 'high', search: 'acme' })).toBe(true);
    expect(matchesFilters(l, { priority: 'low' })).toBe(false);
    expect(matchesFilters(l, { search: 'globex' })).toBe(false);
  });
});
