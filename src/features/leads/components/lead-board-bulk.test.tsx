import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { LeadBulkBody } from '@/contract';
import { count } from '@/lib/format';
import { fake, server, signInAs, withBff } from '@/test/bff';
import { renderRoutes } from '@/test/render-routes';

// Bulk actions on the lead board, as on the list (lead-bulk.test.tsx), through the real BFF: a box
// beside each card (a range with shift stays in its column), a column's box in its header, the
// same bar above the board, and the run's status. Managers and admins only.

withBff({ live: true, database: true, as: 'manager' });
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const crm = () => fake.workspace().crm;
const stages = () => [...crm().stages].sort((a, b) => a.position - b.position);
const leadOf = (id: string) => crm().leads.get(id)!;
/** The cards a column renders, in its order. */
const cardsIn = (stage: string) =>
  [...document.querySelectorAll<HTMLElement>(`[data-column-scroll="${stage}"] [data-lead-card]`)].map(
    (card) => card.dataset.leadCard!,
  );
const cardOf = (id: string) => document.querySelector<HTMLElement>(`[data-lead-card="${id}"]`)!;
/** A card's box, beside it (queried, not found by role: the board holds many cards). */
const boxBeside = (id: string) =>
  cardOf(id).parentElement!.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
const boxOf = (id: string) => {
  const box = boxBeside(id);
  expect(box).toHaveAccessibleName(`Select ${leadOf(id).name}`);
  return box;
};
const picked = () =>
  [...document.querySelectorAll<HTMLElement>('[data-lead-card]')]
    .map((card) => card.dataset.leadCard!)
    .filter((id) => boxBeside(id).checked)
    .sort();
// Selectors rather than role queries where called often: a role query walks the whole board.
const bar = () => document.querySelector<HTMLElement>('[role="toolbar"][aria-label="Bulk actions"]');
const columnBox = (name: string) => screen.getByLabelText<HTMLInputElement>(`Select all in ${name}`);
const runStatus = () =>
  screen.getByText(
    (_, el) =>
      el?.getAttribute('role') === 'status' &&
      /Working|moved|deleted|reassigned|Stopped/.test(el.textContent ?? ''),
  );

/** Two stages whose columns render at least six cards each (the range and the other column). */
async function openBoard() {
  const view = await renderRoutes('/leads');
  await waitFor(() => expect(document.querySelectorAll('[data-lead-card]').length).toBeGreaterThan(0), {
    timeout: 10_000,
  });
  const [one, two] = stages().filter((s) => cardsIn(s.key).length >= 6);
  expect(two).toBeDefined();
  return { view, one: one!, two: two! };
}

/** The bodies the page posts to the BFF's bulk.leads route. */
function watchBulkBodies() {
  const bodies: LeadBulkBody[] = [];
  const onRequest = ({ request }: { request: Request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/bff/bulk/leads')
      void request
        .clone()
        .json()
        .then((body: LeadBulkBody) => bodies.push(body));
  };
  server.events.on('request:start', onRequest);
  return { bodies, stop: () => server.events.removeListener('request:start', onRequest) };
}

describe('bulk actions on the lead board', () => {
  it('ticks cards without opening them, then moves them: the BFF gets their ids, the run says "2 moved"', async () => {
    const { view, one } = await openBoard();
    const user = userEvent.setup();
    const [first, second] = cardsIn(one.key);
    const target = stages().find((s) => s.key !== one.key)!;
    expect(bar()).toBeNull();
    await user.click(boxOf(first!));
    await user.click(boxOf(second!));
    expect(bar()).toHaveTextContent('2 selected');
    expect(picked()).toEqual([first, second].sort());
    // The box is not the card: neither click opened the lead, and the card is still a drag handle.
    expect(view.router.state.location.search).not.toHaveProperty('lead');
    expect(cardOf(first!)).toHaveAttribute('aria-roledescription', 'draggable');

    const watch = watchBulkBodies();
    try {
      await user.click(within(bar()!).getByRole('button', { name: 'Move to stage…' }));
      await user.click(await screen.findByRole('menuitem', { name: target.name }));
      await waitFor(() => expect(bar()).toBeNull());
      await waitFor(() => expect(watch.bodies).toHaveLength(1));
    } finally {
      watch.stop();
    }
    const [body] = watch.bodies;
    expect(body!.action).toBe('move');
    expect(body!.args).toEqual({ stage: target.key });
    expect('ids' in body!.selection ? [...body!.selection.ids].sort() : body!.selection).toEqual(
      [first, second].sort(),
    );
    await waitFor(() => expect(runStatus()).toHaveTextContent('2 moved'), { timeout: 15_000 });
    expect(leadOf(first!).status).toBe(target.key);
    expect(leadOf(second!).status).toBe(target.key);
  }, 30_000);

  it('shift-click picks a range within the column; a column’s box picks its loaded cards', async () => {
    const { one, two } = await openBoard();
    const user = userEvent.setup();
    const cards = cardsIn(one.key);
    await user.click(boxOf(cards[1]!));
    await user.keyboard('{Shift>}');
    await user.click(boxOf(cards[4]!));
    await user.keyboard('{/Shift}');
    expect(bar()).toHaveTextContent('4 selected');
    expect(picked()).toEqual(cards.slice(1, 5).sort());

    // A shift-click in another column has no anchor there: it picks that card alone.
    const other = cardsIn(two.key);
    await user.keyboard('{Shift>}');
    await user.click(boxOf(other[3]!));
    await user.keyboard('{/Shift}');
    expect(bar()).toHaveTextContent('5 selected');
    expect(picked()).toEqual([...cards.slice(1, 5), other[3]!].sort());

    const header = columnBox(one.name);
    expect(header).toHaveAttribute('type', 'checkbox');
    expect(header).toHaveAttribute('aria-checked', 'mixed');
    expect(header.indeterminate).toBe(true);
    await user.click(header);
    expect(header).toBeChecked();
    for (const id of cardsIn(one.key)) expect(boxBeside(id)).toBeChecked();
    expect(boxOf(other[3]!)).toBeChecked();
    expect(columnBox(two.name)).toHaveAttribute('aria-checked', 'mixed');
    await user.click(header);
    expect(header).not.toBeChecked();
    expect(picked()).toEqual([other[3]!]);
  }, 30_000);

  it('Escape on the board clears the pick; x on a focused card toggles it', async () => {
    const { one, two } = await openBoard();
    const user = userEvent.setup();
    const cards = cardsIn(one.key);
    await user.click(boxOf(cardsIn(two.key)[0]!));
    await user.click(boxOf(cards[0]!));
    expect(bar()).toHaveTextContent('2 selected');
    await user.keyboard('{Escape}');
    expect(bar()).toBeNull();
    expect(picked()).toEqual([]);

    // x on a focused card toggles it, as on the list's rows.
    cardOf(cards[2]!).focus();
    await user.keyboard('x');
    expect(bar()).toHaveTextContent('1 selected');
    expect(picked()).toEqual([cards[2]]);
  }, 30_000);

  it('the box starts no drag; Escape during a drag cancels the drag, not the pick; "Select all N matching"', async () => {
    const { one } = await openBoard();
    const user = userEvent.setup();
    const [first, second] = cardsIn(one.key);
    await user.click(boxOf(first!));
    expect(bar()).toHaveTextContent('1 selected');
    // Space picks a focused card up (dnd-kit); on the box it does not.
    fireEvent.keyDown(boxOf(second!), { key: ' ', code: 'Space' });
    expect(screen.queryByText(/^Picked up lead/)).toBeNull();
    cardOf(second!).focus();
    fireEvent.keyDown(cardOf(second!), { key: ' ', code: 'Space' });
    expect(await screen.findByText(/^Picked up lead/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(/^Picked up lead/)).toBeNull());
    expect(bar()).toHaveTextContent('1 selected');
    expect(leadOf(second!).status).toBe(one.key);

    const total = crm().leads.size;
    await user.click(within(bar()!).getByRole('button', { name: `Select all ${count(total)} matching` }));
    expect(bar()).toHaveTextContent(`All ${count(total)} matching selected`);
    for (const shown of document.querySelectorAll<HTMLElement>('[data-lead-card]'))
      expect(boxBeside(shown.dataset.leadCard!)).toBeChecked();
  });

  it('an agent sees no boxes and no bar, and x does nothing', async () => {
    await signInAs('agent');
    await renderRoutes('/leads');
    await waitFor(() => expect(document.querySelectorAll('[data-lead-card]').length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    expect(screen.queryByRole('checkbox')).toBeNull();
    document.querySelector<HTMLElement>('[data-lead-card]')!.focus();
    await userEvent.keyboard('x');
    expect(bar()).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
