import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fake, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';

// Bulk actions on the thread list through the real BFF, its database and its job queue: threads
// are picked by their boxes (one by one, a range with shift), the bar's action starts a run on the
// server, and the run's status shows it going and then its report, the refused ones with why. The
// page has no live stream here: it follows the run by reading it again, as a tab whose stream is
// down does, and reads its list again when the run ends.

withBff({ live: true, database: true });
beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The open one-to-one threads, newest first: the Open list's first rows. */
const openThreads = () =>
  [...fake.workspace().social.threads.values()]
    .map((t) => t.conv)
    .filter((c) => c.status === 'open' && !c.is_group)
    .sort((a, b) => (b.last_message_at ?? '').localeCompare(a.last_message_at ?? ''));

/** The rows shown, in their order. */
const shownRows = () =>
  [...document.querySelectorAll<HTMLElement>('[data-thread-row]')].map((row) => row.dataset.threadRow!);
const rowOf = (id: string) => document.querySelector<HTMLElement>(`[data-thread-row="${id}"]`);
const boxOf = (id: string) => within(rowOf(id)!).getByRole('checkbox');
const bar = () => screen.queryByRole('toolbar', { name: 'Bulk actions' });
/**
 * The run's status line, found anew at each call: the status of an earlier test's run (the BFF's
 * database lasts the file) shows until the new run replaces it.
 */
const runStatus = () =>
  screen.getByText(
    (_, el) => el?.getAttribute('role') === 'status' && /Working|closed|Stopped/.test(el.textContent ?? ''),
  );
/** Waits until the run's status says `text`. */
const statusSays = (text: string) =>
  waitFor(() => expect(runStatus()).toHaveTextContent(text), { timeout: 15_000 });

async function openInbox() {
  await renderRoutes('/inbox');
  await screen.findByRole('list', { name: 'Conversation list' });
  await waitFor(() => expect(shownRows().length).toBeGreaterThan(5));
}

describe('bulk actions on threads', () => {
  it('closes the threads picked by their boxes: progress, then "2 closed", and they leave Open', async () => {
    await openInbox();
    const user = userEvent.setup();
    const [first, , third] = shownRows();
    await user.click(boxOf(first!));
    expect(bar()).toHaveTextContent('1 selected');
    await user.click(boxOf(third!));
    expect(bar()).toHaveTextContent('2 selected');
    expect(boxOf(first!)).toBeChecked();
    expect(boxOf(shownRows()[1]!)).not.toBeChecked();

    await user.click(within(bar()!).getByRole('button', { name: 'Close' }));
    // The picks are handed to the server: the bar goes, the run's status comes.
    await waitFor(() => expect(bar()).toBeNull());
    // The run is queued as it starts (the queue's worker takes it within a second): it shows going.
    expect(runStatus()).toHaveTextContent(/^Working: [0-2] of 2/);
    expect(screen.getByRole('progressbar', { name: 'Bulk action progress' })).toHaveAttribute('max', '2');
    await statusSays('2 closed');
    expect(runStatus()).not.toHaveTextContent('refused');
    expect(screen.queryByRole('progressbar', { name: 'Bulk action progress' })).toBeNull();
    expect(fake.workspace().social.threads.get(first!)!.conv.status).toBe('closed');
    expect(fake.workspace().social.threads.get(third!)!.conv.status).toBe('closed');
    // The Open list is read again without them; the thread between them stays.
    await waitFor(() => expect(rowOf(first!)).toBeNull());
    expect(rowOf(third!)).toBeNull();
    expect(fake.workspace().social.threads.get(shownRows()[0]!)!.conv.status).toBe('open');

    await user.click(within(runStatus()).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('2 closed')).toBeNull());
  }, 30_000);

  it('shift-click picks a range; a thread the upstream refuses is reported with its reason', async () => {
    await openInbox();
    const user = userEvent.setup();
    const [a, b, c, d] = shownRows();
    await user.click(boxOf(a!));
    await user.keyboard('{Shift>}');
    await user.click(boxOf(d!));
    await user.keyboard('{/Shift}');
    expect(bar()).toHaveTextContent('4 selected');
    for (const id of [a, b, c, d]) expect(boxOf(id!)).toBeChecked();

    // The messaging service refuses to close one of them, in words holding what a person never types.
    const refusedName = within(rowOf(b!)!)
      .getByRole('checkbox')
      .getAttribute('aria-label')!
      .slice('Select '.length);
    fake.control.fail({
      method: 'PATCH',
      path: `/v1/conversations/${b!}/close`,
      status: 409,
      message: 'Thread is locked by \u0000 an \ud800 integration',
    });
    await user.click(within(bar()!).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(bar()).toBeNull());
    await statusSays('3 closed, 1 refused');
    expect(fake.workspace().social.threads.get(b!)!.conv.status).toBe('open');
    for (const id of [a, c, d]) expect(fake.workspace().social.threads.get(id!)!.conv.status).toBe('closed');

    await user.click(within(runStatus()).getByRole('button', { name: 'See refused' }));
    const dialog = await screen.findByRole('dialog', { name: '1 refused' });
    const refused = await within(dialog).findByRole('list', { name: 'Refused records' });
    const items = within(refused).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(refusedName);
    expect(items[0]).toHaveTextContent(/refused this thread \(409\): Thread is locked by/);
    // The refused one stays in Open; the closed ones leave.
    await waitFor(() => expect(rowOf(a!)).toBeNull());
    expect(rowOf(b!)).not.toBeNull();
  }, 30_000);

  it('x toggles the focused row and Escape clears the selection, from a row or from a box', async () => {
    await openInbox();
    const user = userEvent.setup();
    const [first, second] = shownRows();
    rowOf(first!)!.querySelector('a')!.focus();
    await user.keyboard('x');
    expect(bar()).toHaveTextContent('1 selected');
    expect(boxOf(first!)).toBeChecked();
    await user.keyboard('x');
    expect(bar()).toBeNull();

    await user.keyboard('x');
    rowOf(second!)!.querySelector('a')!.focus();
    await user.keyboard('x');
    expect(bar()).toHaveTextContent('2 selected');
    await user.keyboard('{Escape}');
    expect(bar()).toBeNull();
    expect(boxOf(first!)).not.toBeChecked();

    // A click leaves the focus on the box: Escape still clears, and x toggles its row.
    await user.click(boxOf(second!));
    expect(boxOf(second!)).toHaveFocus();
    await user.keyboard('x');
    expect(bar()).toBeNull();
    await user.keyboard('x');
    expect(bar()).toHaveTextContent('1 selected');
    await user.keyboard('{Escape}');
    expect(bar()).toBeNull();
    // Nothing was started.
    expect(fake.workspace().social.threads.get(second!)!.conv.status).toBe('open');
  });

  it('"Select all N matching" says how many the run will act on', async () => {
    await openInbox();
    const user = userEvent.setup();
    await user.click(boxOf(shownRows()[0]!));
    const all = within(bar()!).getByRole('button', { name: /^Select all \d+ matching$/ });
    const total = Number(/\d+/.exec(all.textContent ?? '')![0]);
    // More than the rows loaded: every thread under the filter, the groups too.
    expect(total).toBeGreaterThan(shownRows().length - 1);
    expect(total).toBeGreaterThanOrEqual(openThreads().length);
    await user.click(all);
    expect(bar()).toHaveTextContent(`All ${total} matching selected`);
    for (const id of shownRows()) expect(boxOf(id)).toBeChecked();
    await user.click(within(bar()!).getByRole('button', { name: 'Clear' }));
    expect(bar()).toBeNull();
  });
});
