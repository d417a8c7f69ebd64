import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { UNMATCHED, type Board, type Lead, type LeadList } from '@/contract';
import { lead } from '@/contract/testing/records';
import { addActivity } from './activities';
import { boardKeys, loadBoardColumns, setLeadFollowUp } from './board';
import { COUNTS_REFRESH_MS, leadKeys, removeLead, upsertLead } from './leads';

const empty = (stage: string) => ({ stage, cards: [], nextCursor: null, total: 0, sums: [] });
const boardOf = (leads: Lead[], stages = ['new', 'won']): Board => ({
  columns: stages.map((stage) => {
    const held = leads.filter((l) => l.status === stage);
    return { ...empty(stage), cards: held.map((l) => ({ lead: l, followUp: false })), total: held.length };
  }),
  unmatched: empty(UNMATCHED),
});
const listPage = (data: Lead[]): LeadList => ({
  data,
  total: data.length,
  page: 1,
  limit: 25,
  totalPages: 1,
  hasMore: false,
});

// The board's screen loads the column arithmetic with its code (board-code.ts); so do these tests.
beforeAll(() => loadBoardColumns());

function setup() {
  const queryClient = new QueryClient();
  const moving = lead({ status: 'new', priority: 'high', name: 'Moving' });
  const staying = lead({ status: 'new', name: 'Staying' });
  const won = lead({ status: 'won', name: 'Won' });
  queryClient.setQueryData(boardKeys.board({}), boardOf([moving, staying, won]));
  queryClient.setQueryData(boardKeys.board({ priority: 'low' }), boardOf([]));
  queryClient.setQueryData(leadKeys.page({ page: 1, limit: 25 }), listPage([moving, won]));
  queryClient.setQueryData(leadKeys.screenPage({ page: 1, limit: 25 }), listPage([moving, won]));
  const board = (filters = {}) => queryClient.getQueryData<Board>(boardKeys.board(filters))!;
  const cards = (filters = {}, i = 0) => board(filters).columns[i]!.cards.map((c) => c.lead.name);
  return { queryClient, moving, staying, won, board, cards };
}

describe('upsertLead', () => {
  it('moves a card between the columns of every board held, and updates the detail and pages', () => {
    const { queryClient, moving, board, cards } = setup();
    const moved = { ...moving, status: 'won' };
    upsertLead(queryClient, moved);
    expect(cards({}, 0)).toEqual(['Staying']);
    expect(cards({}, 1)).toEqual(['Moving', 'Won']);
    expect(board().columns.map((c) => c.total)).toEqual([1, 2]);
    // A board filtered to low priority does not take a high-priority lead.
    expect(cards({ priority: 'low' }, 1)).toEqual([]);
    expect(queryClient.getQueryData(leadKeys.detail(moving.id))).toEqual(moved);
    for (const key of [leadKeys.page({ page: 1, limit: 25 }), leadKeys.screenPage({ page: 1, limit: 25 })])
      expect(queryClient.getQueryData<LeadList>(key)!.data[0]).toEqual(moved);
  });

  it('marks the counts per stage for a re-read', () => {
    const { queryClient, moving } = setup();
    queryClient.setQueryData(leadKeys.count({ status: 'new' }), 3);
    upsertLead(queryClient, { ...moving, status: 'won' });
    expect(queryClient.getQueryState(leadKeys.count({ status: 'new' }))!.isInvalidated).toBe(true);
  });
});

describe('removeLead', () => {
  it('takes a deleted lead off the boards and pages, counts by one', () => {
    const { queryClient, moving, board, cards } = setup();
    queryClient.setQueryData(leadKeys.detail(moving.id), moving);
    removeLead(queryClient, moving.id);
    expect(cards()).toEqual(['Staying']);
    expect(board().columns[0]!.total).toBe(1);
    const page = queryClient.getQueryData<LeadList>(leadKeys.page({ page: 1, limit: 25 }))!;
    expect(page.data.map((l) => l.name)).toEqual(['Won']);
    expect(page.total).toBe(1);
    expect(queryClient.getQueryData(leadKeys.detail(moving.id))).toBeUndefined();
  });
});

describe('follow-up flags', () => {
  it('raises a card’s flag when a follow-up is logged on its lead, and sets it from the stream', () => {
    const { queryClient, won, board } = setup();
    const flag = () => board().columns[1]!.cards[0]!.followUp;
    addActivity(
      queryClient,
      {
        id: '00000000-0000-4000-8000-00000000f011',
        activity_type: 'call',
        outcome: 'completed',
        created_at: new Date(0).toISOString(),
      },
      { leadId: won.id },
    );
    expect(flag()).toBe(false);
    addActivity(
      queryClient,
      {
        id: '00000000-0000-4000-8000-00000000f012',
        activity_type: 'call',
        outcome: 'follow_up_needed',
        created_at: new Date(0).toISOString(),
      },
      { leadId: won.id },
    );
    expect(flag()).toBe(true);
    setLeadFollowUp(queryClient, won.id, false);
    expect(flag()).toBe(false);
  });
});

describe('reading the lead counts again while leads change', () => {
  it('reads them at once, then at most once a second however many leads change', async () => {
    vi.useFakeTimers();
    try {
      const queryClient = new QueryClient();
      let reads = 0;
      const observer = new QueryObserver(queryClient, {
        queryKey: leadKeys.count({ status: 'new' }),
        queryFn: () => ++reads,
      });
      const stop = observer.subscribe(() => undefined);
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
      // A bulk move: fifty leads change within a second.
      for (let i = 0; i < 50; i++) upsertLead(queryClient, lead({ id: `l${String(i)}`, status: 'won' }));
      await vi.advanceTimersByTimeAsync(0);
      expect(reads).toBe(2);
      await vi.advanceTimersByTimeAsync(COUNTS_REFRESH_MS);
      expect(reads).toBe(3);
      // Nothing more changed: no further read.
      await vi.advanceTimersByTimeAsync(5 * COUNTS_REFRESH_MS);
      expect(reads).toBe(3);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
