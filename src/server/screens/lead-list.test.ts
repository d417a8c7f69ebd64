import { describe, expect, it } from 'vitest';
import { lead, stage, uuid } from '../testing/live-records';
import { ReadModel } from '../sync/read-model';
import { leadListOf } from './lead-list';

const OWNER = uuid(7, 'a0000000');

function model(count: number): ReadModel {
  const m = new ReadModel();
  m.lists.stages = [stage(0, 'new')];
  for (let i = 1; i <= count; i++) {
    const l = lead(i, { assigned_to_user_id: i % 3 === 0 ? OWNER : null, priority: i % 2 ? 'low' : 'high' });
    m.leads.set(l.id, l);
  }
  return m;
}

describe('leadListOf', () => {
  it('pages newest first in the upstream envelope with a true total', () => {
    const page = leadListOf(model(45), { page: 2, limit: 20 });
    expect(page).toMatchObject({ total: 45, page: 2, limit: 20, totalPages: 3, hasMore: true });
    expect(page.data.map((l) => l.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Lead ${25 - i}`));
    const last = leadListOf(model(45), { page: 3, limit: 20 });
    expect(last.data).toHaveLength(5);
    expect(last.hasMore).toBe(false);
  });

  it('filters by owner (and unassigned) on the server, the total counting every match', () => {
    const mine = leadListOf(model(45), { owner: OWNER, limit: 5 });
    expect(mine.total).toBe(15);
    expect(mine.totalPages).toBe(3);
    expect(mine.data.every((l) => l.assigned_to_user_id === OWNER)).toBe(true);
    expect(leadListOf(model(45), { owner: 'none' }).total).toBe(30);
    expect(leadListOf(model(45), { owner: OWNER, priority: 'high' }).total).toBe(7);
  });

  it('answers an empty list as the upstream does, and a page past the end empty', () => {
    expect(leadListOf(model(0), {})).toEqual({
      data: [],
      total: 0,
      page: 1,
      limit: 20,
      totalPages: 0,
      hasMore: false,
    });
    expect(leadListOf(model(3), { page: 9 }).data).toEqual([]);
  });
});
