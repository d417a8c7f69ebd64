import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fake, signInAs, TEAM_MEMBERS, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';

// Bulk actions on the leads list through the real BFF, its database and its job queue (managers and
// admins only): leads are picked by their boxes (one by one, a range with shift, the page from the
// header), the bar's action starts a run on the server, and the run's status shows it going and
// then its report. The page has no live stream here: it follows the run by reading it again, and
// reads the leads again when the run ends.

withBff({ live: true, database: true, as: 'manager' });
beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const shownRows = () =>
  [...document.querySelectorAll<HTMLElement>('[data-lead-row]')].map((row) => row.dataset.leadRow!);
const rowOf = (id: string) => document.querySelector<HTMLElement>(`[data-lead-row="${id}"]`);
const boxOf = (id: string) => within(rowOf(id)!).getByRole('checkbox');
const bar = () => screen.queryByRole('toolbar', { name: 'Bulk actions' });
const leadOf = (id: string) => fake.workspace().crm.leads.get(id);
/**
 * The run's status line, found anew at each call: the status of an earlier test's run (the BFF's
 * database lasts the file) shows until the new run replaces it.
 */
const runStatus = () =>
  screen.getByText(
    (_, el) =>
      el?.getAttribute('role') === 'status' &&
      /Working|moved|deleted|reassigned|Stopped/.test(el.textContent ?? ''),
  );
/** Waits until the run's status says `text`. */
const statusSays = (text: string) =>
  waitFor(() => expect(runStatus()).toHaveTextContent(text), { timeout: 15_000 });

async function openList() {
  await renderRoutes('/leads?view=list');
  await waitFor(() => expect(shownRows()).toHaveLength(25), { timeout: 10_000 });
}

describe('bulk actions on leads', () => {
  it('moves two leads picked by their boxes to a stage: progress, "2 moved", and the table shows it', async () => {
    await openList();
    const user = userEvent.setup();
    const [first, second] = shownRows();
    const stages = fake.workspace().crm.stages;
    const target = stages.find((s) => s.key !== leadOf(first!)!.status && s.key !== leadOf(second!)!.status)!;
    await user.click(boxOf(first!));
    await user.click(boxOf(second!));
    expect(bar()).toHaveTextContent('2 selected');
    expect(boxOf(first!)).toBeChecked();

    await user.click(within(bar()!).getByRole('button', { name: 'Move to stage…' }));
    await user.click(await screen.findByRole('menuitem', { name: target.name }));
    await waitFor(() => expect(bar()).toBeNull());
    // Queued as it starts (the queue's worker takes it within a second): it shows going.
    expect(runStatus()).toHaveTextContent(/^Working: [0-2] of 2/);
    await statusSays('2 moved');
    expect(leadOf(first!)!.status).toBe(target.key);
    expect(leadOf(second!)!.status).toBe(target.key);
    // The table is read again: both rows say their new stage.
    await waitFor(() => expect(rowOf(first!)).toHaveTextContent(target.name));
    expect(rowOf(second!)).toHaveTextContent(target.name);
  }, 30_000);

  it('the header box picks the page, shift-click a range, "Select all N matching" the filter; Escape clears', async () => {
    await openList();
    const user = userEvent.setup();
    const rows = shownRows();
    const header = screen.getByRole('checkbox', { name: 'Select every lead on this page' });
    await user.click(header);
    expect(bar()).toHaveTextContent('25 selected');
    for (const id of rows) expect(boxOf(id)).toBeChecked();
    const all = within(bar()!).getByRole('button', { name: /^Select all [\d,.\s\u202f]+ matching$/ });
    await user.click(all);
    expect(bar()).toHaveTextContent(/^All .+ matching selected/);
    await user.click(header);
    expect(bar()).toBeNull();

    await user.click(boxOf(rows[2]!));
    await user.keyboard('{Shift>}');
    await user.click(boxOf(rows[6]!));
    await user.keyboard('{/Shift}');
    expect(bar()).toHaveTextContent('5 selected');
    expect(header).not.toBeChecked();
    expect(header).toHaveAttribute('aria-checked', 'mixed');
    expect(boxOf(rows[1]!)).not.toBeChecked();
    expect(boxOf(rows[7]!)).not.toBeChecked();
    await user.keyboard('{Escape}');
    expect(bar()).toBeNull();

    // x on a focused row's name toggles it.
    within(rowOf(rows[0]!)!).getAllByRole('button')[0]!.focus();
    await user.keyboard('x');
    expect(bar()).toHaveTextContent('1 selected');
  });

  it('deletes only after a confirmation naming the count', async () => {
    await openList();
    const user = userEvent.setup();
    const [, , third, fourth] = shownRows();
    await user.click(boxOf(third!));
    await user.click(boxOf(fourth!));
    await user.click(within(bar()!).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete 2 leads?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bar()).toHaveTextContent('2 selected');
    expect(leadOf(third!)).toBeDefined();

    await user.click(within(bar()!).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete 2 leads?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 leads' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await statusSays('2 deleted');
    expect(leadOf(third!)).toBeUndefined();
    expect(leadOf(fourth!)).toBeUndefined();
    await waitFor(() => expect(rowOf(third!)).toBeNull());
  }, 30_000);

  it('reassigns; a lead the CRM refuses is reported with its reason', async () => {
    await openList();
    const user = userEvent.setup();
    const [first, second] = shownRows();
    const to = TEAM_MEMBERS.find(
      (m) => m.id !== leadOf(first!)!.assigned_to_user_id && m.id !== leadOf(second!)!.assigned_to_user_id,
    )!;
    fake.control.fail({
      method: 'PATCH',
      path: `/v1/leads/${second!}/reassign`,
      status: 422,
      message: 'Owner is on leave',
    });
    await user.click(boxOf(first!));
    await user.click(boxOf(second!));
    await user.click(within(bar()!).getByRole('button', { name: 'Reassign to…' }));
    await user.click(await screen.findByRole('menuitem', { name: to.name }));
    await waitFor(() => expect(bar()).toBeNull());
    await statusSays('1 reassigned, 1 refused');
    expect(leadOf(first!)!.assigned_to_user_id).toBe(to.id);
    await user.click(within(runStatus()).getByRole('button', { name: 'See refused' }));
    const dialog = await screen.findByRole('dialog', { name: '1 refused' });
    const item = await within(dialog).findByRole('listitem');
    expect(item).toHaveTextContent(leadOf(second!)!.name);
    expect(item).toHaveTextContent('Owner is on leave');
  }, 30_000);

  it('an agent sees no boxes and no bar', async () => {
    await signInAs('agent');
    await openList();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(bar()).toBeNull();
    // x does nothing for them either.
    const user = userEvent.setup();
    within(rowOf(shownRows()[0]!)!).getAllByRole('button')[0]!.focus();
    await user.keyboard('x');
    expect(bar()).toBeNull();
  });
});
