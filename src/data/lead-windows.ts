import type { PageEnvelope } from '@/contract';

/** One page of a column as the cache holds it: only rows not held before it, in server order. */
export interface OffsetPage<T> {
  rows: T[];
  /** The server's count of rows matching the query, as of this read. */
  total: number;
  hasMore: boolean;
  /** The server position just past the rows this read covered (offset + rows returned). */
  reached: number;
  /** How many rows the read returned (the next read overlaps at most half of it). */
  window?: number;
}

export interface OffsetParam {
  offset: number;
  /** Ids already held, to recognise the overlap and drop repeats. */
  held: ReadonlySet<string>;
}

export const FIRST_OFFSET_PARAM: OffsetParam = { offset: 0, held: new Set() };

/**
 * How many rows each read re-covers. Rows that leave the list before the read point (a lead moved
 * to another stage by someone else, or by us) shift the window left; re-reading a few rows absorbs
 * up to this many departures without a second request.
 */
export const OVERLAP = 10;

export type FetchWindow<T> = (offset: number) => Promise<PageEnvelope<T>>;

/**
 * Reads the next window of a list by offset without skipping rows that stayed, even while rows
 * leave the list between reads (spec Leads rule 2).
 *
 * A window is trusted when it starts at 0 or contains a row already held: the server's list from
 * that row on is contiguous, so every row we have not seen yet is in this window or after it.
 * Otherwise more rows left than the overlap absorbs, and the read steps back one window at a time
 * (at offset 0 it is always trusted). Rows that arrive mid-read in front of the read point can be
 * missed; they show on the next refetch.
 */
export async function readWindow<T extends { id: string }>(
  fetchWindow: FetchWindow<T>,
  param: OffsetParam,
  limit: number,
): Promise<OffsetPage<T>> {
  let offset = param.offset;
  for (;;) {
    const page = await fetchWindow(offset);
    const trusted = offset === 0 || page.data.some((row) => param.held.has(row.id));
    if (trusted) {
      const seen = new Set(param.held);
      const rows: T[] = [];
      for (const row of page.data) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        rows.push(row);
      }
      return {
        rows,
        total: page.total,
        hasMore: page.hasMore,
        reached: offset + page.data.length,
        window: page.data.length,
      };
    }
    offset = Math.max(0, offset - limit);
  }
}

/** The next read after the pages held, or undefined when the list is read to its end. */
export function nextOffsetParam<T extends { id: string }>(
  lastPage: OffsetPage<T>,
  allPages: readonly OffsetPage<T>[],
): OffsetParam | undefined {
  if (!lastPage.hasMore) return undefined;
  const held = new Set<string>();
  for (const page of allPages) for (const row of page.rows) held.add(row.id);
  // Overlapping more than half a window would make small windows crawl (or stand still).
  const overlap = Math.min(OVERLAP, Math.floor((lastPage.window ?? 0) / 2));
  return { offset: Math.max(0, lastPage.reached - overlap), held };
}

/** Every row held, in order, each id once (an optimistic insert may repeat a row a later read brings). */
export function mergePages<T extends { id: string }>(pages: readonly OffsetPage<T>[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages) {
    for (const row of page.rows) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      out.push(row);
    }
  }
  return out;
}

/** The freshest total the pages know (the last read's). */
export function latestTotal<T>(pages: readonly OffsetPage<T>[]): number {
  return pages[pages.length - 1]?.total ?? 0;
}
