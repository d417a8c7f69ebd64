import { describe, expect, it } from 'vitest';
import { UNMATCHED, type Board, type BoardColumn } from '@/contract';
import { lead } from '@/contract/testing/records';
import { appendColumnPage, placeLead, removeLeadFromBoard, setFollowUpOnBoard } from './lead-columns';

const eur = (value: number, probability = 50) => ({ value, currency: 'EUR', probability });

function setup() {
  const moving = lead({ status: 'new', name: 'Moving', ...eur(1000) });
  const staying = lead({ status: 'new', name: 'Staying', ...eur(200, 100) });
  const won = lead({ status: 'won', name: 'Won', ...eur(300, 100) });
  const board: Board = {
    columns: [
      { stage: 'new', cards: [], nextCursor: null, total: 0, sums: [] },
      { stage: 'won', cards: [], nextCursor: null, total: 0, sums: [] },
    ],
    unmatched: { stage: UNMATCHED, cards: [], nextCursor: null, total: 0, sums: [] },
  };
  let filled = board;
  for (const l of [staying, moving, won]) filled = placeLead(filled, l, {}).board;
  return { moving, staying, won, board: filled };
}

const names = (c: BoardColumn) => c.cards.map((card) => card.lead.name);

describe('placeLead', () => {
  it('moves a held card to its new column with counts and sums moved by its value', () => {
    const { moving, board } = setup();
    board.columns[0]!.cards[0]!.followUp = true;
    const { board: next, exact } = placeLead(board, { ...moving, status: 'won' }, {});
    expect(exact).toBe(true);
    expect(names(next.columns[0]!)).toEqual(['Staying']);
    expect(next.columns[0]).toMatchObject({
      total: 1,
      sums: [{ currency: 'EUR', value: 200, weighted: 200 }],
    });
    expect(names(next.columns[1]!)).toEqual(['Moving', 'Won']);
    expect(next.columns[1]).toMatchObject({
      total: 2,
      sums: [{ currency: 'EUR', value: 1300, weighted: 800 }],
    });
    // The flag travels with the card.
    expect(next.columns[1]!.cards[0]!.followUp).toBe(true);
  });

  it('replaces a card in place when its stage did not change, sums following its new value', () => {
    const { staying, board } = setup();
    const next = placeLead(board, { ...staying, name: 'Renamed', value: 250 }, {}).board;
    expect(names(next.columns[0]!)).toEqual(['Moving', 'Renamed']);
    expect(next.columns[0]).toMatchObject({ total: 2, sums: [{ value: 1250, weighted: 750 }] });
  });

  it('takes a card off a board whose filters it no longer matches, and puts unknown keys in Unmatched', () => {
    const { moving, board } = setup();
    expect(
      placeLead(board, { ...moving, priority: 'low' }, { priority: 'high' }).board.columns[0]!.total,
    ).toBe(1);
    const orphan = placeLead(board, { ...moving, status: 'old-key' }, {}).board;
    expect(names(orphan.unmatched)).toEqual(['Moving']);
    expect(orphan.unmatched.total).toBe(1);
  });

  it('says the counts need a re-read when a lead it did not hold arrives and columns are not read to the end', () => {
    const { board } = setup();
    const partial: Board = {
      ...board,
      columns: [{ ...board.columns[0]!, nextCursor: 'x' }, board.columns[1]!],
    };
    expect(placeLead(partial, lead({ status: 'won' }), {}).exact).toBe(false);
    expect(placeLead(board, lead({ status: 'won' }), {}).exact).toBe(true);
  });
});

describe('removeLeadFromBoard and setFollowUpOnBoard', () => {
  it('removes a held card with its count and value', () => {
    const { moving, board } = setup();
    const next = removeLeadFromBoard(board, moving.id).board;
    expect(next.columns[0]).toMatchObject({ total: 1, sums: [{ value: 200 }] });
  });

  it('drops a currency whose sum falls to nothing', () => {
    const { won, board } = setup();
    expect(removeLeadFromBoard(board, won.id).board.columns[1]!.sums).toEqual([]);
  });

  it('sets a card’s follow-up flag', () => {
    const { won, board } = setup();
    expect(setFollowUpOnBoard(board, won.id, true).columns[1]!.cards[0]!.followUp).toBe(true);
  });
});

describe('appendColumnPage', () => {
  it('appends a page read after the column’s cursor, each lead once', () => {
    const { board, moving } = setup();
    const withMore: Board = {
      ...board,
      columns: [{ ...board.columns[0]!, nextCursor: 'c1' }, board.columns[1]!],
    };
    const older = lead({ status: 'new', name: 'Older' });
    const page = {
      stage: 'new',
      cards: [
        { lead: moving, followUp: false },
        { lead: older, followUp: true },
      ],
      nextCursor: null,
    };
    const next = appendColumnPage(withMore, page, 'c1');
    expect(names(next.columns[0]!)).toEqual(['Moving', 'Staying', 'Older']);
    expect(next.columns[0]!.nextCursor).toBeNull();
    // A page asked for after another cursor is not ours any more.
    expect(appendColumnPage(withMore, page, 'c0')).toBe(withMore);
  });
});
