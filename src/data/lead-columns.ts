import {
  UNMATCHED,
  adjustSums,
  leadMatcher,
  type Board,
  type BoardCard,
  type BoardColumn,
  type BoardColumnPage,
  type Lead,
} from '@/contract';
import type { BoardFilters } from './lead-filters';

// The board as the cache holds it (the BFF's `Board`, further pages appended) and the pure changes
// the cache writers make to it: a lead placed, moved or removed keeps each column's count and sums
// exact whenever the board holds the lead's card (always for this tab's own moves). Loaded with the
// board's code, not in the app's shell (see `loadBoardColumns` in board.ts).

const withoutCard = (column: BoardColumn, card: BoardCard): BoardColumn => ({
  ...column,
  cards: column.cards.filter((c) => c.lead.id !== card.lead.id),
  total: Math.max(0, column.total - 1),
  sums: adjustSums(column.sums, card.lead, -1),
});

/** A card at the top of a column (a moved card shows where the eye is), counted once. */
const withCardOnTop = (column: BoardColumn, card: BoardCard): BoardColumn => ({
  ...column,
  cards: [card, ...column.cards],
  total: column.total + 1,
  sums: adjustSums(column.sums, card.lead, 1),
});

const withCardReplaced = (column: BoardColumn, held: BoardCard, card: BoardCard): BoardColumn => ({
  ...column,
  cards: column.cards.map((c) => (c.lead.id === card.lead.id ? card : c)),
  sums: adjustSums(adjustSums(column.sums, held.lead, -1), card.lead, 1),
});

const columnsOf = (board: Board): BoardColumn[] => [...board.columns, board.unmatched];

function mapColumn(board: Board, stage: string, map: (column: BoardColumn) => BoardColumn): Board {
  if (stage === UNMATCHED) return { ...board, unmatched: map(board.unmatched) };
  return { ...board, columns: board.columns.map((c) => (c.stage === stage ? map(c) : c)) };
}

/** The card of a lead wherever the board holds it, with its column. */
export function findCard(board: Board, leadId: string): { stage: string; card: BoardCard } | null {
  for (const column of columnsOf(board)) {
    const card = column.cards.find((c) => c.lead.id === leadId);
    if (card) return { stage: column.stage, card };
  }
  return null;
}

/** Every column is read to its end: a lead the board does not hold is on none of them. */
const fullyHeld = (board: Board): boolean => columnsOf(board).every((c) => c.nextCursor === null);

/** What a change made of the board, and whether its counts are still exact without a re-read. */
export interface BoardChange {
  board: Board;
  exact: boolean;
}

/**
 * The server's (or an optimistic) version of a lead on the board: it leaves the column it was in
 * and joins the one of its stage (Unmatched when no stage has its key) if it still matches the
 * filters, keeping its follow-up flag.
 */
export function placeLead(board: Board, lead: Lead, filters: BoardFilters): BoardChange {
  const held = findCard(board, lead.id);
  const target = board.columns.some((c) => c.stage === lead.status) ? lead.status : UNMATCHED;
  const belongs = leadMatcher(filters)(lead);
  const card: BoardCard = { lead, followUp: held?.card.followUp ?? false };
  let next = board;
  if (held && belongs && held.stage === target) {
    next = mapColumn(next, target, (c) => withCardReplaced(c, held.card, card));
  } else {
    if (held) next = mapColumn(next, held.stage, (c) => withoutCard(c, held.card));
    if (belongs) next = mapColumn(next, target, (c) => withCardOnTop(c, card));
  }
  // A lead the board did not hold may have been counted in a column beyond the cards read.
  return { board: next, exact: held !== null || fullyHeld(board) };
}

export function removeLeadFromBoard(board: Board, leadId: string): BoardChange {
  const held = findCard(board, leadId);
  if (!held) return { board, exact: fullyHeld(board) };
  return { board: mapColumn(board, held.stage, (c) => withoutCard(c, held.card)), exact: true };
}

export function setFollowUpOnBoard(board: Board, leadId: string, followUp: boolean): Board {
  const held = findCard(board, leadId);
  if (!held || held.card.followUp === followUp) return board;
  return mapColumn(board, held.stage, (c) => ({
    ...c,
    cards: c.cards.map((card) => (card.lead.id === leadId ? { ...card, followUp } : card)),
  }));
}

/**
 * A further page of a column, read after `cursor`: its cards join the column (each id once: a card
 * moved in on top may come again in its place), unless the column moved on since it was asked for.
 */
export function appendColumnPage(board: Board, page: BoardColumnPage, cursor: string): Board {
  const column = columnsOf(board).find((c) => c.stage === page.stage);
  if (!column || column.nextCursor !== cursor) return board;
  const held = new Set(column.cards.map((c) => c.lead.id));
  return mapColumn(board, page.stage, (c) => ({
    ...c,
    cards: [...c.cards, ...page.cards.filter((card) => !held.has(card.lead.id))],
    nextCursor: page.nextCursor,
  }));
}
