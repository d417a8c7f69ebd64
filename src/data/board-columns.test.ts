import { QueryClient } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { UNMATCHED, type Board } from '@/contract';
import { lead } from '@/contract/testing/records';
import { boardKeys, loadBoardColumns, setLeadFollowUp, upsertBoardLead } from './board';

// The cache writers' column arithmetic arrives with the board's code. A board held before it is
// here (a prefetch ahead of the code) is read again rather than left stale; once it is here, a
// change lands on the board at once.

const column = (stage: string, leads: ReturnType<typeof lead>[]) => ({
  stage,
  cards: leads.map((l) => ({ lead: l, followUp: false })),
  nextCursor: null,
  total: leads.length,
  sums: [],
});

it('re-reads a held board until the column code is loaded, then changes it in place', async () => {
  const queryClient = new QueryClient();
  const held = lead({ status: 'new', name: 'Held' });
  const key = boardKeys.board({});
  const board: Board = {
    columns: [column('new', [held]), column('won', [])],
    unmatched: column(UNMATCHED, []),
  };
  queryClient.setQueryData(key, board);

  upsertBoardLead(queryClient, { ...held, status: 'won' });
  expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  expect(queryClient.getQueryData<Board>(key)).toBe(board);

  await loadBoardColumns();
  queryClient.setQueryData(key, board);
  upsertBoardLead(queryClient, { ...held, status: 'won' });
  setLeadFollowUp(queryClient, held.id, true);
  const [fresh, won] = queryClient.getQueryData<Board>(key)!.columns;
  expect(fresh?.cards).toEqual([]);
  expect(won?.cards).toEqual([{ lead: { ...held, status: 'won' }, followUp: true }]);
  expect(won?.total).toBe(1);
  expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
});
