import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, UNMATCHED, type Lead } from '../../contract';
import type { TeamStore } from '../store/open-store';
import { at, lead, stage, uuid } from '../testing/live-records';
import { describeOnEachStore } from '../testing/test-stores';
import { seedWorkspace, type WorkspaceSeed } from '../testing/workspace-seed';
import { LEADS } from '../workspace/record-kinds';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { removeRecord } from '../workspace/workspace-writer';
import { boardOf, columnPageOf } from './board';
import { searchedColumns } from './board-search';
import { seededLeads, expectedColumns, BIG_STAGES } from './board-fixtures';
import { compareLeads, leadMatcher, type LeadFilters } from './lead-order';

// The board from the workspace tables, on both databases: counts, sums and weighted sums per
// currency (from the summary the database keeps, or over a filter's matches), filters with exact
// totals, cursor paging, the Unmatched column and follow-up flags.

const OWNER = uuid(7, 'a0000000');
// Positions out of array order: the board follows position.
const STAGES = [stage(1, 'won', { position: 2 }), stage(0, 'new', { position: 0 })];

const ids = (cards: { lead: Lead }[]) => cards.map((c) => c.lead.name);

describeOnEachStore('lead board', (suite) => {
  let store: TeamStore;
  let workspace: WorkspaceReader;
  let clock = 0;
  beforeAll(async () => {
    store = await suite.openFresh();
    workspace = new WorkspaceReader(store.db);
  });
  const empty = async (): Promise<void> => {
    await sql`truncate ws_leads, ws_lists, ws_follow_ups`.execute(store.db);
  };
  /** Writes as the sync would, each write later than the one before. */
  const seed = (leads: Lead[], more: WorkspaceSeed = {}) =>
    seedWorkspace(store.db, { stages: STAGES, leads, ...more }, ++clock);

  describe('boardOf', () => {
    beforeEach(empty);
    const leads = [
      lead(1, { status: 'new', value: 1000, currency: 'EUR', probability: 50, priority: 'high' }),
      lead(2, { status: 'new', value: 500, currency: 'EUR', probability: 10, assigned_to_user_id: OWNER }),
      lead(3, { status: 'new', value: 200, currency: 'USD', probability: 100, company_name: 'Acme Ltd' }),
      lead(4, { status: 'won', value: 300, currency: 'EUR', probability: 100 }),
      lead(5, { status: 'new', value: null }),
      lead(6, { status: 'gone-stage', value: 70, currency: 'GBP', probability: 20 }),
    ];

    it('gives each stage in position order its exact count, sums per currency and weighted sums', async () => {
      await seed(leads);
      const board = await boardOf(workspace, {});
      expect(board.columns.map((c) => [c.stage, c.total])).toEqual([
        ['new', 4],
        ['won', 1],
      ]);
      expect(board.columns[0]!.sums).toEqual([
        { currency: 'EUR', value: 1500, weighted: 550 },
        { currency: 'USD', value: 200, weighted: 200 },
      ]);
      expect(board.columns[1]!.sums).toEqual([{ currency: 'EUR', value: 300, weighted: 300 }]);
      // Newest first, as the upstream lists leads.
      expect(ids(board.columns[0]!.cards)).toEqual(['Lead 5', 'Lead 3', 'Lead 2', 'Lead 1']);
      expect(board.columns[0]!.nextCursor).toBeNull();
    });

    it('puts leads whose status matches no stage in the Unmatched column', async () => {
      await seed(leads);
      const board = await boardOf(workspace, {});
      expect(board.unmatched).toMatchObject({ stage: UNMATCHED, total: 1 });
      expect(ids(board.unmatched.cards)).toEqual(['Lead 6']);
      expect(board.unmatched.sums).toEqual([{ currency: 'GBP', value: 70, weighted: 14 }]);
    });

    it('applies priority, search and owner with totals and sums of the matches only', async () => {
      await seed(leads);
      expect((await boardOf(workspace, { priority: 'high' })).columns[0]).toMatchObject({
        total: 1,
        sums: [{ currency: 'EUR', value: 1000, weighted: 500 }],
      });
      // The upstream's search: trimmed, case-insensitive, over name, email and company.
      expect(ids((await boardOf(workspace, { search: '  ACME ' })).columns[0]!.cards)).toEqual(['Lead 3']);
      expect((await boardOf(workspace, { owner: OWNER })).columns.map((c) => c.total)).toEqual([1, 0]);
      const unowned = await boardOf(workspace, { owner: 'none' });
      expect(unowned.columns.map((c) => c.total)).toEqual([3, 1]);
      expect(unowned.unmatched.total).toBe(1);
    });

    it('searches the name, email and company only: not the phone, nor across two fields', async () => {
      await seed([
        lead(1, { name: 'Zoë Ünal', email: 'z@x.io', phone: '447700900123', company_name: '50% off_co' }),
        lead(2, { name: 'Other', phone: '447700900999' }),
      ]);
      const totalFor = async (search: string) => (await boardOf(workspace, { search })).columns[0]!.total;
      expect(await totalFor('ÜNAL')).toBe(1);
      expect(await totalFor('4477009')).toBe(0);
      expect(await totalFor('ünal z@')).toBe(0);
      expect(await totalFor('50% off_')).toBe(1);
      // Wildcards are text: "%" and "_" match themselves only.
      expect(await totalFor('z_x')).toBe(0);
      expect(await totalFor('o%')).toBe(0);
    });

    it('finds a renamed lead by its new name only, a separator in a value as itself, none once emptied', async () => {
      const totalFor = async (search: string) => (await boardOf(workspace, { search })).columns[0]!.total;
      await seed([lead(1, { name: 'Old Name', email: 'a@b.io' })]);
      await seed([lead(1, { name: 'Fresh\u0001Name', email: 'a@b.io', updated_at: at(100) })]);
      expect(await totalFor('old name')).toBe(0);
      // As leadMatcher: U+0001 in a value matches only itself, never a space nor the next field.
      expect(await totalFor('fresh\u0001name')).toBe(1);
      expect(await totalFor('fresh name')).toBe(0);
      expect(await totalFor('name\u0001a@')).toBe(0);
      expect(await totalFor('a@b')).toBe(1);
      await sql`truncate ws_leads`.execute(store.db);
      expect(await totalFor('a@b')).toBe(0);
    });

    it('gives the first page and a cursor when a column holds more', async () => {
      await seed(Array.from({ length: 7 }, (_, i) => lead(i + 1, { status: 'new' })));
      const column = (await boardOf(workspace, { limit: 3 })).columns[0]!;
      expect(column.total).toBe(7);
      expect(ids(column.cards)).toEqual(['Lead 7', 'Lead 6', 'Lead 5']);
      expect(column.nextCursor).not.toBeNull();
    });

    it('flags the cards whose lead needs a follow-up', async () => {
      await seed(leads, { followUps: [lead(2).id] });
      const cards = (await boardOf(workspace, {})).columns[0]!.cards;
      expect(cards.filter((c) => c.followUp).map((c) => c.lead.id)).toEqual([lead(2).id]);
    });

    it('keeps its totals as leads move, change and go, and sums money exactly', async () => {
      await seed([
        lead(1, { status: 'new', value: 0.1, currency: 'EUR', probability: 100 }),
        lead(2, { status: 'new', value: 0.2, currency: 'EUR', probability: 100 }),
        lead(3, { status: 'new', value: Number.MAX_VALUE, currency: 'XAU', probability: 100 }),
        lead(4, { status: 'new', value: 1e308, currency: 'XAU', probability: 100 }),
      ]);
      expect((await boardOf(workspace, {})).columns[0]!.sums).toEqual([
        // Beyond the largest number: the sum stays the largest number, not Infinity (null in JSON).
        { currency: 'XAU', value: Number.MAX_VALUE, weighted: Number.MAX_VALUE },
        { currency: 'EUR', value: 0.3, weighted: 0.3 },
      ]);
      await seed([lead(3, { status: 'won', value: 5, currency: 'XAU', updated_at: at(100) })]);
      await removeRecord(store.db, LEADS, lead(2).id, ++clock);
      const board = await boardOf(workspace, {});
      expect(board.columns.map((c) => [c.total, c.sums])).toEqual([
        [
          2,
          [
            { currency: 'XAU', value: 1e308, weighted: 1e308 },
            { currency: 'EUR', value: 0.1, weighted: 0.1 },
          ],
        ],
        [1, [{ currency: 'XAU', value: 5, weighted: 0 }]],
      ]);
      // A filter matching everything sums as the summary does.
      const all = await boardOf(workspace, { search: 'lead' });
      expect(all.columns.map((c) => [c.total, c.sums])).toEqual(board.columns.map((c) => [c.total, c.sums]));
    });
  });

  describe('columnPageOf', () => {
    beforeEach(empty);
    const many = Array.from({ length: 7 }, (_, i) =>
      lead(i + 1, { status: 'new', priority: i % 2 ? 'low' : 'high' }),
    );

    it('pages a column by cursor to its end, each lead once', async () => {
      await seed(many);
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 5; i++) {
        const page = await columnPageOf(workspace, { stage: 'new', limit: 3, ...(cursor ? { cursor } : {}) });
        seen.push(...ids(page.cards));
        if (page.nextCursor === null) break;
        cursor = page.nextCursor;
      }
      expect(seen).toEqual(['Lead 7', 'Lead 6', 'Lead 5', 'Lead 4', 'Lead 3', 'Lead 2', 'Lead 1']);
    });

    it('does not shift when a card before the cursor leaves the column', async () => {
      await seed(many);
      const first = await columnPageOf(workspace, { stage: 'new', limit: 3 });
      await seed([lead(6, { status: 'won' })]);
      const next = await columnPageOf(workspace, { stage: 'new', limit: 3, cursor: first.nextCursor! });
      expect(ids(next.cards)).toEqual(['Lead 4', 'Lead 3', 'Lead 2']);
    });

    it('keeps the filters while paging, and reads the Unmatched column', async () => {
      await seed([...many, lead(20, { status: 'old-key' }), lead(21, { status: 'older-key' })]);
      const page = await columnPageOf(workspace, { stage: 'new', priority: 'high', limit: 10 });
      expect(ids(page.cards)).toEqual(['Lead 7', 'Lead 5', 'Lead 3', 'Lead 1']);
      const unmatched = await columnPageOf(workspace, { stage: UNMATCHED, limit: 1 });
      expect(ids(unmatched.cards)).toEqual(['Lead 21']);
      const rest = await columnPageOf(workspace, { stage: UNMATCHED, cursor: unmatched.nextCursor! });
      expect([ids(rest.cards), rest.nextCursor]).toEqual([['Lead 20'], null]);
      expect((await columnPageOf(workspace, { stage: 'deleted-stage' })).cards).toEqual([]);
    });

    it('breaks ties of the same creation time by id, so paging neither repeats nor skips', async () => {
      await seed(
        Array.from({ length: 5 }, (_, i) =>
          lead(i + 1, { status: 'new', created_at: '2026-01-05T09:00:00.000Z' }),
        ),
      );
      const first = await columnPageOf(workspace, { stage: 'new', limit: 2 });
      const second = await columnPageOf(workspace, { stage: 'new', limit: 10, cursor: first.nextCursor! });
      expect([...ids(first.cards), ...ids(second.cards)]).toEqual([
        'Lead 1',
        'Lead 2',
        'Lead 3',
        'Lead 4',
        'Lead 5',
      ]);
    });

    it('pages past leads stored without a creation time: last, by id', async () => {
      await seed([
        lead(1, { status: 'new' }),
        lead(2, { status: 'new', created_at: 'not a time' }),
        lead(3, { status: 'new' }),
        lead(4, { status: 'new', created_at: 'not a time' }),
        lead(5, { status: 'new', created_at: 'not a time' }),
      ]);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await columnPageOf(workspace, { stage: 'new', limit: 2, ...(cursor ? { cursor } : {}) });
        seen.push(...ids(page.cards));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(['Lead 3', 'Lead 1', 'Lead 2', 'Lead 4', 'Lead 5']);
    });

    it('takes a cursor from beyond the stored times without failing', async () => {
      await seed(many);
      const id = lead(1).id;
      const after = async (ms: string) =>
        (await columnPageOf(workspace, { stage: 'new', cursor: `${ms}_${id}` })).cards.length;
      // After a time later than any: every card; after one earlier than any: none.
      expect(await after('9007199254740991')).toBe(7);
      expect(await after('9999999999999')).toBe(7);
      expect(await after('-9007199254740991')).toBe(0);
      expect(await after('0')).toBe(0);
    });
  });

  describe('at seed size', () => {
    // 5,000 leads written as the sync writes them, then moved, changed and removed: the board's
    // figures equal the ones counted from the fixtures, and its order is lead-order.ts's.
    const final = seededLeads(5_000);

    beforeAll(async () => {
      await empty();
      await seedWorkspace(
        store.db,
        { stages: BIG_STAGES, leads: final.initial, followUps: final.followUps },
        ++clock,
      );
      await seedWorkspace(store.db, { leads: final.changed }, ++clock);
      for (const id of final.removed) await removeRecord(store.db, LEADS, id, ++clock);
    }, 60_000);

    const filterSets: LeadFilters[] = [
      {},
      { priority: 'high' },
      { owner: OWNER },
      { owner: 'none', priority: 'low' },
      { search: 'acme' },
      { search: 'ÉLAN' },
      { search: '44700' },
      { search: '5 lead' },
      { search: 'lead 12' },
    ];

    it('counts and sums each column under each filter as the fixtures say', async () => {
      for (const filters of filterSets) {
        const board = await boardOf(workspace, { ...filters, limit: 5 });
        const expected = expectedColumns(final.leads, BIG_STAGES, filters, 5, final.followUps);
        const label = JSON.stringify(filters);
        const matches = expected.reduce((sum, c) => sum + c.total, 0);
        if (filters.search !== undefined && matches > SEARCH_COUNT_CAP) {
          // "acme", "lead": the newest matches of each column, uncounted.
          expect(board.tooManyToCount, label).toBe(SEARCH_COUNT_CAP);
          expect([...board.columns, board.unmatched], label).toEqual(
            expected.map((c) => ({ ...c, total: 0, sums: [] })),
          );
        } else {
          expect(board.tooManyToCount, label).toBeUndefined();
          expect([...board.columns, board.unmatched], label).toEqual(expected);
        }
      }
      // Both kinds were met: the fixtures hold searches on each side of the cap.
      const counts = filterSets.map((f) =>
        expectedColumns(final.leads, BIG_STAGES, f, 5, []).reduce((sum, c) => sum + c.total, 0),
      );
      expect(counts.some((n) => n > SEARCH_COUNT_CAP)).toBe(true);
    });

    it('finds the columns of a search too common to count by walking them, then sorting the sparse ones', async () => {
      // A walk of 40 rows: most columns are too sparse in "élan" or "12" to fill a page within it,
      // and are sorted from the trigram index's matches instead; "lead" fills them all.
      const keys = BIG_STAGES.map((s) => s.key);
      for (const filters of filterSets.filter((f) => f.search !== undefined)) {
        const rows = await searchedColumns(store.db, keys, filters, null, 6, undefined, 40);
        const expected = expectedColumns(final.leads, BIG_STAGES, filters, 6, []);
        for (const column of expected)
          expect(
            rows.filter((r) => r.key === column.stage).map((r) => r.id),
            `${JSON.stringify(filters)} ${column.stage}`,
          ).toEqual(column.cards.map((c) => c.lead.id));
      }
    });

    it.each([
      [UNMATCHED, {}],
      [UNMATCHED, { search: 'lead' }],
      ['new', { priority: 'high' } as LeadFilters],
    ])('pages %s %j to its end in the order of lead-order.ts', async (stage, filters) => {
      const keys = new Set(BIG_STAGES.map((s) => s.key));
      const matches = leadMatcher(filters);
      const inColumn = (l: Lead) => (stage === UNMATCHED ? !keys.has(l.status) : l.status === stage);
      const expected = final.leads.filter((l) => inColumn(l) && matches(l)).sort(compareLeads);
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await columnPageOf(workspace, {
          stage,
          ...filters,
          limit: 100,
          ...(cursor ? { cursor } : {}),
        });
        seen.push(...page.cards.map((c) => c.lead.id));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(expected.map((l) => l.id));
    });
  });
});
