import { describe, expect, it } from 'vitest';
import type { PageEnvelope } from '@/contract';
import { FIRST_OFFSET_PARAM, mergePages, nextOffsetParam, readWindow, type OffsetPage } from './lead-windows';

interface Row {
  id: string;
}

/** A server list that pages like the upstream (offset + limit, envelope maths). */
function serverOf(rows: Row[], limit: number) {
  const calls: number[] = [];
  const fetchWindow = (offset: number): Promise<PageEnvelope<Row>> => {
    calls.push(offset);
    const data = rows.slice(offset, offset + limit);
    return Promise.resolve({
      data,
      total: rows.length,
      page: Math.floor(offset / limit) + 1,
      limit,
      totalPages: Math.ceil(rows.length / limit),
      hasMore: offset + data.length < rows.length,
    });
  };
  return { fetchWindow, calls };
}

const rowsOf = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: `r${String(i).padStart(3, '0')}` }));

async function readAll(rows: Row[], limit: number, between?: (pages: OffsetPage<Row>[]) => void) {
  const server = serverOf(rows, limit);
  const pages: OffsetPage<Row>[] = [await readWindow(server.fetchWindow, FIRST_OFFSET_PARAM, limit)];
  for (let param = nextOffsetParam(pages[0]!, pages); param; param = nextOffsetParam(pages.at(-1)!, pages)) {
    between?.(pages);
    pages.push(await readWindow(server.fetchWindow, param, limit));
  }
  return { pages, calls: server.calls };
}

describe('offset reading', () => {
  it('reads a whole list with no gaps or repeats', async () => {
    const rows = rowsOf(250);
    const { pages } = await readAll(rows, 100);
    expect(mergePages(pages).map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(pages.at(-1)?.hasMore).toBe(false);
  });

  it('overlaps each window by a few rows and drops the repeats', async () => {
    const rows = rowsOf(150);
    const { pages, calls } = await readAll(rows, 100);
    expect(calls).toEqual([0, 90]);
    expect(pages[1]?.rows).toHaveLength(50);
  });

  it('skips no row that stayed when rows leave the list between reads', async () => {
    const rows = rowsOf(320);
    const gone = new Set<string>();
    const { pages } = await readAll(rows, 100, (held) => {
      // 25 rows already read leave the list (more than the overlap absorbs).
      const leaving = mergePages(held)
        .filter((r) => !gone.has(r.id))
        .slice(0, 25);
      for (const r of leaving) {
        gone.add(r.id);
        rows.splice(rows.indexOf(r), 1);
      }
    });
    const seen = mergePages(pages).map((r) => r.id);
    for (const row of rows) expect(seen).toContain(row.id);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('steps back when the list shrank below the offset', async () => {
    const rows = rowsOf(120);
    const server = serverOf(rows, 100);
    const first = await readWindow(server.fetchWindow, FIRST_OFFSET_PARAM, 100);
    rows.splice(0, 50);
    const param = nextOffsetParam(first, [first])!;
    const second = await readWindow(server.fetchWindow, param, 100);
    expect(second.rows.map((r) => r.id)).toEqual(
      rowsOf(120)
        .slice(100)
        .map((r) => r.id),
    );
    expect(server.calls).toEqual([0, 90, 0]);
  });
});

describe('merging pages', () => {
  it('keeps order and each id once', () => {
    const page = (ids: string[]): OffsetPage<Row> => ({
      rows: ids.map((id) => ({ id })),
      total: 5,
      hasMore: false,
      reached: 0,
    });
    expect(mergePages([page(['a', 'b']), page(['b', 'c']), page(['a', 'd'])]).map((r) => r.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });
});
