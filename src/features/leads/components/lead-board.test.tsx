import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOARD_PAGE, SEARCH_COUNT_CAP, sumsOf, type Board, type Lead, type LeadStage } from '@/contract';
import { boardKeys } from '@/data/board';
import { count } from '@/lib/format';
import { renderWithApp } from '@/test/render';
import { fake, reloadLiveWorkspace, withBff } from '@/test/bff';
import { FakeIntersectionObserver } from '@/test/fake-intersection-observer';
import { useMoveLead } from '../api/use-move-lead';
import { formatSums, formatWeighted } from '../model/column-aggregates';
import { LeadBoard } from './lead-board';

// The board against the real BFF on the fake (its read model loaded from the fake's data): one
// screen read gives exact counts, sums and follow-up flags; columns read further cards by cursor;
// moves are optimistic and roll back.

withBff({ live: true });
afterEach(cleanup);

const crm = () => fake.workspace().crm;
const leadsOf = (stage: LeadStage, filter: (l: Lead) => boolean = () => true) =>
  [...crm().leads.values()].filter((l) => l.status === stage.key && filter(l));
const stages = () => [...crm().stages].sort((a, b) => a.position - b.position);
const busiest = () => [...stages()].sort((a, b) => leadsOf(b).length - leadsOf(a).length)[0]!;

/** Sums per currency by the contract's rule, from the fake's own records. */
const expectedSums = (leads: Lead[]) => sumsOf(leads);

function renderBoard(filters = {}) {
  return renderWithApp(
    <LeadBoard movable stages={stages()} filters={filters} ownerNames={new Map()} onOpen={() => undefined} />,
  );
}

describe('the lead board', () => {
  it('shows each stage’s exact count and sums at once, and flags leads that need a follow-up', async () => {
    const stage = busiest();
    const leads = leadsOf(stage);
    expect(leads.length).toBeGreaterThan(BOARD_PAGE); // more than the first page of cards
    await renderBoard();
    const column = await screen.findByRole('region', { name: stage.name });
    expect(within(column).getByLabelText(`${count(leads.length)} leads`)).toBeInTheDocument();
    expect(within(column).getByText(formatSums(expectedSums(leads)))).toBeInTheDocument();
    expect(within(column).getByText(formatWeighted(expectedSums(leads)))).toBeInTheDocument();
    // The badge is the BFF's flag: no activities are read per card.
    const flagged = new Set(
      [...crm().activities.values()].filter((a) => a.outcome === 'follow_up_needed').map((a) => a.lead_id),
    );
    const cards = [...document.querySelectorAll<HTMLElement>('[data-lead-card]')];
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      const badge = within(card).queryByText('Follow-up');
      expect(Boolean(badge)).toBe(flagged.has(card.dataset.leadCard));
    }
  });

  it('opens without asking the browser to scroll a column (which would lay the board out at once)', async () => {
    // jsdom has no Element.scrollTo: the virtualizer calls it when it is there.
    const scrolled: Element[] = [];
    Element.prototype.scrollTo = function (this: Element) {
      scrolled.push(this);
    } as Element['scrollTo'];
    try {
      await renderBoard();
      await screen.findByRole('region', { name: busiest().name });
      await waitFor(() => expect(document.querySelectorAll('[data-lead-card]').length).toBeGreaterThan(0));
      expect(scrolled.filter((element) => element.matches('[data-column-scroll]'))).toEqual([]);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollTo;
    }
  });

  it('renders the cards of the columns in the window, and of the others when scrolled near', async () => {
    // A phone: two columns' width. Every column shows its count; only those two show cards.
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal('innerWidth', 412);
    try {
      await renderBoard();
      const all = stages();
      const [first, , , far] = all;
      const firstColumn = await screen.findByRole('region', { name: first!.name });
      expect(await within(firstColumn).findAllByRole('button')).not.toHaveLength(0);
      const farColumn = screen.getByRole('region', { name: far!.name });
      const farLeads = leadsOf(far!);
      expect(farLeads.length).toBeGreaterThan(0);
      expect(within(farColumn).getByLabelText(`${count(farLeads.length)} leads`)).toBeInTheDocument();
      expect(within(farColumn).getByText('Loading leads…')).toBeInTheDocument();
      expect(within(farColumn).queryAllByRole('button')).toHaveLength(0);

      // Scrolled within a column of the board's window: its cards render.
      const body = farColumn.querySelector('[data-column-scroll]')!;
      const watcher = FakeIntersectionObserver.instances.find((o) => o.observed.has(body));
      expect(watcher?.root).toBe(farColumn.closest('[data-board]'));
      act(() => FakeIntersectionObserver.show(body));
      expect(await within(farColumn).findAllByRole('button')).not.toHaveLength(0);
      expect(within(farColumn).queryByText('Loading leads…')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('counts only the owner’s leads when filtered by owner, exactly from the first paint', async () => {
    const stage = busiest();
    const owner = leadsOf(stage).find((l) => l.assigned_to_user_id)!.assigned_to_user_id!;
    const theirs = leadsOf(stage, (l) => l.assigned_to_user_id === owner);
    await renderBoard({ owner });
    const column = await screen.findByRole('region', { name: stage.name });
    expect(within(column).getByLabelText(`${count(theirs.length)} leads`)).toBeInTheDocument();
  });

  it('reads a column’s further cards by cursor as it nears the end, each lead once', async () => {
    const stage = busiest();
    const { queryClient } = await renderBoard();
    await screen.findByRole('region', { name: stage.name });
    const held = () =>
      queryClient.getQueryData<Board>(boardKeys.board({}))!.columns.find((c) => c.stage === stage.key)!.cards;
    expect(held()).toHaveLength(BOARD_PAGE);
    // Scrolled near the end of what it holds, the column reads its next page.
    const scroller = document.querySelector<HTMLElement>(`[data-column-scroll="${stage.key}"]`)!;
    scroller.scrollTop = 100 * BOARD_PAGE;
    scroller.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(held().length).toBeGreaterThan(BOARD_PAGE));
    const ids = held().map((c) => c.lead.id);
    expect(new Set(ids).size).toBe(ids.length);
    const expectedOrder = leadsOf(stage)
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? -1 : 1))
      .map((l) => l.id);
    expect(ids).toEqual(expectedOrder.slice(0, ids.length));
  });

  it('moves a card at once, counts and sums with it, and puts it back when the upstream refuses', async () => {
    const [from, to] = stages();
    const lead = leadsOf(from!).find((l) => (l.value ?? 0) > 0)!;
    const fromCount = leadsOf(from!).length;
    function Harness() {
      const move = useMoveLead();
      return (
        <>
          <button type="button" onClick={() => move.mutate({ lead, from: from!.key, to: to!.key })}>
            Move it
          </button>
          <LeadBoard movable stages={stages()} filters={{}} ownerNames={new Map()} onOpen={() => undefined} />
        </>
      );
    }
    fake.control.fail({
      method: 'PATCH',
      path: '/v1/leads/{id}',
      status: 400,
      count: 1,
      delayMs: 150,
      message: 'status must be a lead stage key',
    });
    await renderWithApp(<Harness />);
    const source = await screen.findByRole('region', { name: from!.name });
    const target = screen.getByRole('region', { name: to!.name });
    within(source).getByLabelText(`${count(fromCount)} leads`);
    const targetCount = leadsOf(to!).length;
    await userEvent.click(screen.getByRole('button', { name: 'Move it' }));
    // Optimistic: one fewer here, one more there, at once.
    expect(await within(source).findByLabelText(`${count(fromCount - 1)} leads`)).toBeInTheDocument();
    expect(within(target).getByLabelText(`${count(targetCount + 1)} leads`)).toBeInTheDocument();
    // Refused: back to where it was, and the upstream still has it there.
    expect(await within(source).findByLabelText(`${count(fromCount)} leads`)).toBeInTheDocument();
    expect(within(source).getByText(formatSums(expectedSums(leadsOf(from!))))).toBeInTheDocument();
    expect(crm().leads.get(lead.id)?.status).toBe(from!.key);
  });

  it('shows a search too common to count with its newest cards, no counts, and says how to narrow it', async () => {
    // More leads at one company than the board counts under a search, in the busiest stage.
    const stage = busiest();
    const template = leadsOf(stage)[0]!;
    for (let i = 0; i <= SEARCH_COUNT_CAP; i++) {
      const id = `0000beef-0000-4000-8000-${String(i).padStart(12, '0')}`;
      crm().leads.set(id, { ...template, id, name: `Wide ${String(i)}`, company_name: 'Widecorp' });
    }
    await reloadLiveWorkspace();
    await renderBoard({ search: 'widecorp' });
    expect(await screen.findByText(/More than 1,000 leads match this search/)).toBeInTheDocument();
    const column = screen.getByRole('region', { name: stage.name });
    expect(within(column).getByLabelText('Leads not counted')).toBeInTheDocument();
    expect(within(column).queryByText('Total')).not.toBeInTheDocument();
    expect(within(column).getAllByText(/^Wide \d+$/).length).toBeGreaterThan(0);
    // The other columns hold none of them: empty, not counted either.
    const other = stages().find((s) => s.key !== stage.key)!;
    expect(
      within(screen.getByRole('region', { name: other.name })).getByText('No leads'),
    ).toBeInTheDocument();
  });

  it('shows every column with a zero count when nothing matches the filters', async () => {
    const { queryClient } = await renderBoard({ search: 'zzz-no-such-lead' });
    const column = await screen.findByRole('region', { name: busiest().name });
    expect(within(column).getByLabelText('0 leads')).toBeInTheDocument();
    expect(within(column).getByText('No leads')).toBeInTheDocument();
    expect(
      queryClient.getQueryData<Board>(boardKeys.board({ search: 'zzz-no-such-lead' }))!.unmatched.total,
    ).toBe(0);
  });
});
