import { describe, expect, it } from 'vitest';
import type { Lead } from '@/contract';
import { callApi } from '@/lib/api-client';
import { withBff } from '@/test/bff';
import { FIRST_OFFSET_PARAM, mergePages, nextOffsetParam, readWindow, type OffsetPage } from './lead-windows';

withBff();

// Through the client and the BFF's mount, against the fake upstream: the way a column reads.
const windowOf = (status: string, limit: number) => (offset: number) =>
  callApi('leads.list', { query: { status, offset, limit } });

describe('reading a whole stage by offset (client against the fake)', () => {
  it('skips no lead that stayed while leads leave the stage between reads', async () => {
    const stages = await callApi('leadStages.list');
    // The stage with the most leads, so that many stay after the moves.
    const counts = await Promise.all(
      stages.map(async (s) => (await callApi('leads.list', { query: { status: s.key, limit: 1 } })).total),
    );
    const from = stages[counts.indexOf(Math.max(...counts))]!;
    const to = stages.find((s) => s.key !== from.key)!;
    const limit = 20;
    const fetchWindow = windowOf(from.key, limit);
    const pages: OffsetPage<Lead>[] = [await readWindow(fetchWindow, FIRST_OFFSET_PARAM, limit)];
    const left = new Set<string>();
    let round = 0;
    for (
      let param = nextOffsetParam(pages[0]!, pages);
      param;
      param = nextOffsetParam(pages.at(-1)!, pages)
    ) {
      // Between reads, someone moves leads the reader already holds out of the stage: 12 (beyond
      // the overlap) in rounds 0 and 2, 2 (within it) otherwise.
      const held = mergePages(pages).filter((l) => !left.has(l.id));
      for (const lead of held.slice(0, round === 0 || round === 2 ? 12 : 2)) {
        await callApi('leads.update', { params: { id: lead.id }, body: { status: to.key } });
        left.add(lead.id);
      }
      round += 1;
      pages.push(await readWindow(fetchWindow, param, limit));
    }
    expect(round).toBeGreaterThan(2);
    expect(left.size).toBeGreaterThan(0);

    const seen = new Set(mergePages(pages).map((l) => l.id));
    const stayed: Lead[] = [];
    for (let offset = 0, more = true; more;) {
      const page = await callApi('leads.list', { query: { status: from.key, offset, limit: 100 } });
      stayed.push(...page.data);
      offset += page.data.length;
      more = page.hasMore;
    }
    expect(stayed.length).toBeGreaterThan(limit);
    const missed = stayed.filter((l) => !seen.has(l.id)).map((l) => l.name);
    expect(missed).toEqual([]);
    expect(mergePages(pages).length).toBe(new Set(mergePages(pages).map((l) => l.id)).size);
  });

  it('a page-numbered read in the same situation does skip leads (why the board reads by offset)', async () => {
    const stages = await callApi('leadStages.list');
    const from = stages.find((s) => s.is_default)!;
    const to = stages.find((s) => !s.is_default)!;
    const first = await callApi('leads.list', { query: { status: from.key, page: 1, limit: 20 } });
    for (const lead of first.data.slice(0, 5)) {
      await callApi('leads.update', { params: { id: lead.id }, body: { status: to.key } });
    }
    const second = await callApi('leads.list', { query: { status: from.key, page: 2, limit: 20 } });
    const seen = new Set([...first.data, ...second.data].map((l) => l.id));
    const all = await callApi('leads.list', { query: { status: from.key, page: 1, limit: 40 } });
    expect(all.data.slice(0, 35).filter((l) => !seen.has(l.id))).toHaveLength(5);
  });
});
