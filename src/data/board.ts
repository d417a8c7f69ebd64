import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  BOARD_PAGE,
  OwnerFilter,
  PRIORITIES,
  UNMATCHED,
  type Board,
  type Lead,
  type Priority,
} from '@/contract';
import { call } from '@/lib/api-client';
import { screenRetry } from './screen-loading';
import { loadable } from '@/lib/loadable';
import type * as Columns from './lead-columns';
import { boardFilters, type BoardFilters } from './lead-filters';

// The lead board: one BFF screen read (`GET /bff/screens/board`) gives every column's exact count,
// sums and first cards with their follow-up flags; further cards come per column by cursor and are
// appended to the same entry. The writers keep it current for this tab's moves and the live stream.

/**
 * The column arithmetic the writers use (lead-columns.ts), fetched with the board's code rather than
 * in the app's shell: a board enters the cache only through its screen, which loads both. A change
 * that finds a board held before it is here (a prefetch the code has not caught up with, or a failed
 * download) re-reads that board instead, which costs the upstream nothing (the BFF's model).
 */
const columnsCode = loadable(() => import('./lead-columns'));
export const loadBoardColumns = columnsCode.preload;

export const boardKeys = {
  all: ['leads', 'board'] as const,
  board: (filters: BoardFilters) => ['leads', 'board', boardFilters(filters)] as const,
};

export const boardQuery = (filters: BoardFilters) =>
  queryOptions({
    queryKey: boardKeys.board(filters),
    queryFn: ({ signal }) =>
      call('screens.board', { query: { ...boardFilters(filters), limit: BOARD_PAGE }, signal }),
    // The live stream keeps it current; a re-read costs the upstream nothing, so it may be frequent.
    staleTime: 30_000,
    ...screenRetry,
  });

/** The first leads (up to 100) whose status matches no stage, newest first: a bulk move's next batch. */
export async function unmatchedLeads(signal?: AbortSignal): Promise<Lead[]> {
  const page = await call('screens.boardColumn', { query: { stage: UNMATCHED, limit: 100 }, signal });
  return page.cards.map((c) => c.lead);
}

/** Reads a column's next cards and appends them to the board they were asked for. */
export async function loadMoreCards(
  queryClient: QueryClient,
  filters: BoardFilters,
  stage: string,
  cursor: string,
): Promise<void> {
  const [page] = await Promise.all([
    call('screens.boardColumn', {
      query: { ...boardFilters(filters), stage, cursor, limit: BOARD_PAGE },
    }),
    loadBoardColumns(),
  ]);
  changeBoards(
    queryClient,
    ({ appendColumnPage }, board) => ({ board: appendColumnPage(board, page, cursor), exact: true }),
    boardKeys.board(filters),
  );
}

const isPriority = (value: unknown): value is Priority => PRIORITIES.some((p) => p === value);

/** The filters a board key was made with (see boardKeys). */
function filtersInKey(key: QueryKey): BoardFilters {
  const last = key[key.length - 1];
  if (typeof last !== 'object' || last === null) return {};
  const priority = 'priority' in last ? last.priority : undefined;
  const search = 'search' in last ? last.search : undefined;
  const owner = OwnerFilter.safeParse('owner' in last ? last.owner : undefined);
  return {
    ...(isPriority(priority) ? { priority } : {}),
    ...(typeof search === 'string' ? { search } : {}),
    ...(owner.success ? { owner: owner.data } : {}),
  };
}

/** Every board held (or only those under a narrower key), changed with the column arithmetic. */
function changeBoards(
  queryClient: QueryClient,
  change: (columns: typeof Columns, board: Board, filters: BoardFilters) => Columns.BoardChange,
  only: QueryKey = boardKeys.all,
) {
  const columns = columnsCode.current();
  for (const [key, board] of queryClient.getQueriesData<Board>({ queryKey: only })) {
    if (!board) continue;
    if (!columns) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      continue;
    }
    const next = change(columns, board, filtersInKey(key));
    queryClient.setQueryData<Board>(key, next.board);
    // Counts the board cannot know from what it holds are read again (no upstream call: the BFF's model).
    if (!next.exact) void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

/** A lead's new version on every board held: moved to its stage's column, counts and sums kept exact. */
export function upsertBoardLead(queryClient: QueryClient, lead: Lead) {
  changeBoards(queryClient, ({ placeLead }, board, filters) => placeLead(board, lead, filters));
}

export function removeBoardLead(queryClient: QueryClient, leadId: string) {
  changeBoards(queryClient, ({ removeLeadFromBoard }, board) => removeLeadFromBoard(board, leadId));
}

/** A lead's follow-up flag (an activity logged on it, or the BFF's `lead.followUp` event). */
export function setLeadFollowUp(queryClient: QueryClient, leadId: string, followUp: boolean) {
  changeBoards(queryClient, ({ setFollowUpOnBoard }, board) => ({
    board: setFollowUpOnBoard(board, leadId, followUp),
    exact: true,
  }));
}

export type { BoardFilters };
