import { describe, expect, it } from 'vitest';
import { UNMATCHED, type Lead } from '../../contract';
import { lead, stage, uuid } from '../testing/live-records';
import { ReadModel } from '../sync/read-model';
import { boardOf, columnPageOf } from './board';

// The board from the read model: counts, sums and weighted sums per currency, filters with exact
// totals, cursor paging, the Unmatched column and follow-up flags.

const OWNER = uuid(7, 'a0000000');

function modelWith(leads: Lead[]): ReadModel {
  const model = new ReadModel();
  // Positions out of array order: the board follows position.
  model.lists.stages = [stage(1, 'won', { position: 2 }), stage(0, 'new', { position: 0 })];
  for (const l of leads) model.leads.set(l.id, l);
  model.loaded.add('leads');
  return model;
}

const ids = (cards: { lead: Lead }[]) => cards.map((c) => c.lead.name);

describe('boardOf', () => {
  const leads = [
    lead(1, { status: 'new', value: 1000, currency: 'EUR', probability: 50, priority: 'high' }),
    lead(2, { status: 'new', value: 500, currency: 'EUR', probability: 10, assigned_to_user_id: OWNER }),
    lead(3, { status: 'new', value: 200, currency: 'USD', probability: 100, company_name: 'Acme Ltd' }),
    lead(4, { status: 'won', value: 300, currency: 'EUR', probability: 100 }),
    lead(5, { status: 'new', value: null }),
    lead(6, { status: 'gone-stage', value: 70, currency: 'GBP', probability: 20 }),
  ];

  it('gives each stage in position order its exact count, sums per currency and weighted sums', () => {
    const board = boardOf(modelWith(leads), {});
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

  it('puts leads whose status matches no stage in the Unmatched column', () => {
    const board = boardOf(modelWith(leads), {});
    expect(board.unmatched).toMatchObject({ stage: UNMATCHED, total: 1 });
    expect(ids(board.unmatched.cards)).toEqual(['Lead 6']);
    expect(board.unmatched.sums).toEqual([{ currency: 'GBP', value: 70, weighted: 14 }]);
  });

  it('applies priority, search and owner with totals and sums of the matches only', () => {
    const model = modelWith(leads);
    expect(boardOf(model, { priority: 'high' }).columns[0]).toMatchObject({
      total: 1,
      sums: [{ currency: 'EUR', value: 1000, weighted: 500 }],
    });
    // The upstream's search: trimmed, case-insensitive, over name, email and company.
    expect(ids(boardOf(model, { search: '  acme ' }).columns[0]!.cards)).toEqual(['Lead 3']);
    expect(boardOf(model, { owner: OWNER }).columns.map((c) => c.total)).toEqual([1, 0]);
    const unowned = boardOf(model, { owner: 'none' });
    expect(unowned.columns.map((c) => c.total)).toEqual([3, 1]);
    expect(unowned.unmatched.total).toBe(1);
  });

  it('gives the first page and a cursor when a column holds more', () => {
    const many = Array.from({ length: 7 }, (_, i) => lead(i + 1, { status: 'new' }));
    const board = boardOf(modelWith(many), { limit: 3 });
    const column = board.columns[0]!;
    expect(column.total).toBe(7);
    expect(ids(column.cards)).toEqual(['Lead 7', 'Lead 6', 'Lead 5']);
    expect(column.nextCursor).not.toBeNull();
  });

  it('flags the cards whose lead needs a follow-up', () => {
    const model = modelWith(leads);
    model.followUps.add(lead(2).id);
    const cards = boardOf(model, {}).columns[0]!.cards;
    expect(cards.filter((c) => c.followUp).map((c) => c.lead.id)).toEqual([lead(2).id]);
  });
});

describe('columnPageOf', () => {
  const many = Array.from({ length: 7 }, (_, i) =>
    lead(i + 1, { status: 'new', priority: i % 2 ? 'low' : 'high' }),
  );

  it('pages a column by cursor to its end, each lead once', () => {
    const model = modelWith(many);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const page = columnPageOf(model, { stage: 'new', limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page.cards));
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['Lead 7', 'Lead 6', 'Lead 5', 'Lead 4', 'Lead 3', 'Lead 2', 'Lead 1']);
  });

  it('does not shift when a card before the cursor leaves the column', () => {
    const model = modelWith(many);
    const first = columnPageOf(model, { stage: 'new', limit: 3 });
    model.leads.set(lead(6).id, { ...lead(6), status: 'won' });
    const next = columnPageOf(model, { stage: 'new', limit: 3, cursor: first.nextCursor! });
    expect(ids(next.cards)).toEqual(['Lead 4', 'Lead 3', 'Lead 2']);
  });

  it('keeps the filters while paging, and reads the Unmatched column', () => {
    const model = modelWith([...many, lead(20, { status: 'old-key' })]);
    const page = columnPageOf(model, { stage: 'new', priority: 'high', limit: 10 });
    expect(ids(page.cards)).toEqual(['Lead 7', 'Lead 5', 'Lead 3', 'Lead 1']);
    expect(ids(columnPageOf(model, { stage: UNMATCHED }).cards)).toEqual(['Lead 20']);
    expect(columnPageOf(model, { stage: 'deleted-stage' }).cards).toEqual([]);
  });

  it('breaks ties of the same creation time by id, so paging neither repeats nor skips', () => {
    const sameTime = Array.from({ length: 5 }, (_, i) =>
      lead(i + 1, { status: 'new', created_at: '2026-01-05T09:00:00.000Z' }),
    );
    const model = modelWith(sameTime);
    const first = columnPageOf(model, { stage: 'new', limit: 2 });
    const second = columnPageOf(model, { stage: 'new', limit: 10, cursor: first.nextCursor! });
    expect([...ids(first.cards), ...ids(second.cards)]).toEqual([
      'Lead 1',
      'Lead 2',
      'Lead 3',
      'Lead 4',
      'Lead 5',
    ]);
  });
});
