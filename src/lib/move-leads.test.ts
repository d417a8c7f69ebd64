import { describe, expect, it } from 'vitest';
import type { Lead, LeadList } from '@/contract';
import { moveAllLeads, type MoveProgress } from './move-leads';

function store(n: number) {
  const leads = Array.from({ length: n }, (_, i) => ({ id: `l${i}`, status: 'old' }) as Lead);
  const read = (offset: number): Promise<LeadList> => {
    const held = leads.filter((l) => l.status === 'old');
    const data = held.slice(offset, offset + 100);
    return Promise.resolve({
      data,
      total: held.length,
      page: 1,
      limit: 100,
      totalPages: 1,
      hasMore: offset + data.length < held.length,
    });
  };
  return { leads, read };
}

describe('moving every lead of a key', () => {
  it('moves them all, reporting progress', async () => {
    const { leads, read } = store(240);
    const seen: MoveProgress[] = [];
    const result = await moveAllLeads({
      read,
      move: (id) => {
        leads.find((l) => l.id === id)!.status = 'new';
        return Promise.resolve();
      },
      onProgress: (p) => seen.push(p),
    });
    expect(result).toEqual({ moved: 240, total: 240 });
    expect(leads.every((l) => l.status === 'new')).toBe(true);
    expect(seen[0]).toEqual({ moved: 0, total: 240 });
    expect(seen.at(-1)).toEqual({ moved: 240, total: 240 });
  });

  it('stops at the first failure', async () => {
    const { leads, read } = store(10);
    let calls = 0;
    await expect(
      moveAllLeads({
        read,
        move: (id) => {
          calls += 1;
          if (calls === 4) return Promise.reject(new Error('refused'));
          leads.find((l) => l.id === id)!.status = 'new';
          return Promise.resolve();
        },
        onProgress: () => undefined,
      }),
    ).rejects.toThrow('refused');
    expect(leads.filter((l) => l.status === 'new')).toHaveLength(3);
  });
});
