import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Lead, LeadList } from '@/contract';
import { lead } from '@/test/records';
import type { ColumnData } from './lead-columns';
import { FIRST_OFFSET_PARAM, mergePages } from './lead-windows';
import { leadKeys, removeLead, upsertLead } from './leads';

const column = (rows: Lead[], total = rows.length): ColumnData => ({
  pages: [{ rows, total, hasMore: false, reached: rows.length }],
  pageParams: [FIRST_OFFSET_PARAM],
});
const listPage = (data: Lead[]): LeadList => ({
  data,
  total: data.length,
  page: 1,
  limit: 25,
  totalPages: 1,
  hasMore: false,
});

function board() {
  const queryClient = new QueryClient();
  const moving = lead({ status: 'new', priority: 'high', name: 'Moving' });
  const staying = lead({ status: 'new', name: 'Staying' });
  const won = lead({ status: 'won', name: 'Won' });
  queryClient.setQueryData(leadKeys.columnOf('new', {}), column([moving, staying]));
  queryClient.setQueryData(leadKeys.columnOf('won', {}), column([won]));
  // The same columns under a filter the moving lead does not match.
  queryClient.setQueryData(leadKeys.columnOf('won', { priority: 'low' }), column([]));
  queryClient.setQueryData(leadKeys.every({}), column([moving, staying, won]));
  queryClient.setQueryData(leadKeys.page({ page: 1, limit: 25 }), listPage([moving, won]));
  const rows = (key: readonly unknown[]) => mergePages(queryClient.getQueryData<ColumnData>(key)!.pages);
  const total = (key: readonly unknown[]) => queryClient.getQueryData<ColumnData>(key)!.pages[0]!.total;
  return { queryClient, moving, staying, won, rows, total };
}

describe('upsertLead', () => {
  it('moves a lead to the column of its new stage, counting it out of one and into the other', () => {
    const { queryClient, moving, staying, won, rows, total } = board();
    const moved = { ...moving, status: 'won' };
    upsertLead(queryClient, moved);
    expect(rows(leadKeys.columnOf('new', {}))).toEqual([staying]);
    expect(total(leadKeys.columnOf('new', {}))).toBe(1);
    expect(rows(leadKeys.columnOf('won', {}))).toEqual([moved, won]);
    expect(total(leadKeys.columnOf('won', {}))).toBe(2);
    // A column under filters the lead does not match does not take it.
    expect(rows(leadKeys.columnOf('won', { priority: 'low' }))).toEqual([]);
    expect(queryClient.getQueryData(leadKeys.detail(moving.id))).toEqual(moved);
  });

  it('changes a lead in place where it already is, counts unchanged', () => {
    const { queryClient, moving, staying, won, rows, total } = board();
    const renamed = { ...moving, name: 'Renamed' };
    upsertLead(queryClient, renamed);
    expect(rows(leadKeys.columnOf('new', {}))).toEqual([renamed, staying]);
    expect(total(leadKeys.columnOf('new', {}))).toBe(2);
    expect(rows(leadKeys.every({}))).toEqual([renamed, staying, won]);
    expect(queryClient.getQueryData<LeadList>(leadKeys.page({ page: 1, limit: 25 }))!.data).toEqual([
      renamed,
      won,
    ]);
  });

  it('marks the counts stale: they cannot be patched exactly', () => {
    const { queryClient, moving } = board();
    queryClient.setQueryData(leadKeys.count({}), 3);
    upsertLead(queryClient, { ...moving, status: 'won' });
    expect(queryClient.getQueryState(leadKeys.count({}))!.isInvalidated).toBe(true);
  });
});

describe('removeLead', () => {
  it('takes a deleted lead out of every reading and its detail', () => {
    const { queryClient, moving, staying, won, rows, total } = board();
    queryClient.setQueryData(leadKeys.detail(moving.id), moving);
    removeLead(queryClient, moving.id);
    expect(rows(leadKeys.columnOf('new', {}))).toEqual([staying]);
    expect(total(leadKeys.columnOf('new', {}))).toBe(1);
    expect(rows(leadKeys.every({}))).toEqual([staying, won]);
    const page = queryClient.getQueryData<LeadList>(leadKeys.page({ page: 1, limit: 25 }))!;
    expect(page.data).toEqual([won]);
    expect(page.total).toBe(1);
    expect(queryClient.getQueryData(leadKeys.detail(moving.id))).toBeUndefined();
  });
});
