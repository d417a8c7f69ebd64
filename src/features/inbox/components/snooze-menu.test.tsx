import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fake, server, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';
import { watchCalls } from '@/test/watch-calls';
import { snoozePresets, toLocalInputValue } from '../snooze/snooze-presets';

// Snoozing through the real BFF, its database and its live workspace (the snooze is the BFF's own,
// kept in its database): a preset takes the thread out of Open and into Snoozed, Wake now brings it
// back, the custom time is checked on its field before anything is sent, and z opens the menu.

withBff({ live: true, database: true });
beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/**
 * The `nth` newest open one-to-one thread: on the Open list's first page. Each test takes its own:
 * the BFF's database (and the snoozes in it) lasts the whole file, while the fake resets after each.
 */
const openThread = (nth: number) =>
  [...fake.workspace().social.threads.values()]
    .map((t) => t.conv)
    .filter((c) => c.status === 'open' && !c.is_group)
    .sort((a, b) => (b.last_message_at ?? '').localeCompare(a.last_message_at ?? ''))[nth]!;

const rowList = () => screen.findByRole('list', { name: 'Conversation list' });
const rowOf = (id: string) => document.querySelector<HTMLElement>(`[data-thread-row="${id}"]`);
const threadHeader = async () => (await screen.findByRole('heading', { level: 2 })).closest('header')!;
/** The Snooze button, once its code has loaded (a stand-in, disabled, shows until then). */
const snoozeButton = async () => {
  const header = await threadHeader();
  await waitFor(() => expect(within(header).getByRole('button', { name: 'Snooze' })).toBeEnabled());
  return within(header).getByRole('button', { name: 'Snooze' });
};
const tomorrowTime = () => snoozePresets(new Date()).find((p) => p.id === 'tomorrow')!.time;
/** A toast saying exactly `text` (the header may say it too). */
const toast = (text: string) =>
  waitFor(() =>
    expect(
      [...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent?.includes(text)),
    ).toBe(true),
  );

/** Every call the page makes to the snooze routes. */
const watchSnoozeCalls = () =>
  watchCalls((_method, path) => /\/bff\/conversations\/[^/]+\/(snooze|wake)$/.test(path));

describe('snoozing a thread', () => {
  it('a preset takes the thread out of Open and into Snoozed, saying until when', async () => {
    const thread = openThread(0);
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${thread.id}`);
    await rowList();
    await waitFor(() => expect(rowOf(thread.id)).not.toBeNull());

    await user.click(await snoozeButton());
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /^Tomorrow/ })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /^Next week/ })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Pick date and time…' })).toBeInTheDocument();
    const time = tomorrowTime();
    await user.click(within(menu).getByRole('menuitem', { name: `Tomorrow ${time}` }));

    const header = await threadHeader();
    expect(await within(header).findByText(`Snoozed until ${time}`)).toBeInTheDocument();
    // The control that replaced the menu's button has the focus, not the page.
    await waitFor(() => expect(within(header).getByRole('button', { name: 'Wake now' })).toHaveFocus());
    expect(within(header).queryByRole('button', { name: 'Snooze' })).toBeNull();
    await toast(`Snoozed until ${time}`);
    // The Open list reads again without it.
    await waitFor(() => expect(rowOf(thread.id)).toBeNull());

    // The Snoozed tab has it, saying until when.
    await user.click(screen.getByRole('tab', { name: 'Snoozed' }));
    await waitFor(() => expect(rowOf(thread.id)).toHaveTextContent(`Snoozed until ${time}`));
  });

  it('Wake now brings a snoozed thread back to Open', async () => {
    const thread = openThread(1);
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${thread.id}`);
    await rowList();
    await user.click(await snoozeButton());
    await user.click(await screen.findByRole('menuitem', { name: /^Tomorrow/ }));
    const header = await threadHeader();
    const wake = await within(header).findByRole('button', { name: 'Wake now' });
    await waitFor(() => expect(wake).toBeEnabled());
    await waitFor(() => expect(rowOf(thread.id)).toBeNull());

    await user.click(wake);
    await toast('Back in Open');
    await waitFor(() => expect(within(header).queryByText(/Snoozed until/)).toBeNull());
    expect(await snoozeButton()).toBeInTheDocument();
    await waitFor(() => expect(rowOf(thread.id)).not.toBeNull());
    expect(rowOf(thread.id)).not.toHaveTextContent(/Snoozed until/);
  });

  it('a past time or one past a year is refused on the field, and nothing is sent', async () => {
    const thread = openThread(2);
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${thread.id}`);
    await user.click(await snoozeButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Pick date and time…' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Snooze until');
    expect(field).toHaveAttribute('type', 'datetime-local');
    // It starts on tomorrow morning.
    expect(field).toHaveValue(
      toLocalInputValue(snoozePresets(new Date()).find((p) => p.id === 'tomorrow')!.until),
    );

    const watch = watchSnoozeCalls();
    try {
      fireEvent.change(field, { target: { value: toLocalInputValue(new Date(Date.now() - 3_600_000)) } });
      await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Pick a time in the future.');

      // Typing again clears the complaint; year 9999 is refused in its own words.
      fireEvent.change(field, { target: { value: '9999-12-31T23:59' } });
      expect(field).toHaveAttribute('aria-invalid', 'false');
      await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
      expect(field).toHaveAccessibleDescription('Pick a time within a year.');

      fireEvent.change(field, { target: { value: '' } });
      await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
      expect(field).toHaveAccessibleDescription('Enter a valid date and time.');
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(watch.calls).toEqual([]);
    } finally {
      watch.stop();
    }
    expect(fake.workspace().social.threads.get(thread.id)!.conv.status).toBe('open');
  });

  it('a custom time snoozes the thread, and the server’s word on it shows on the field', async () => {
    const thread = openThread(3);
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${thread.id}`);
    await user.click(await snoozeButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Pick date and time…' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Snooze until');

    // What the BFF says of a body it refuses (its own check runs when the request arrives, so a
    // page's clock that runs ahead can send a time the BFF finds too soon): lines naming the field.
    server.use(
      http.put('*/bff/conversations/:id/snooze', () =>
        HttpResponse.json(
          { statusCode: 400, message: ['until must be at least a minute from now'], error: 'Bad Request' },
          { status: 400, headers: { 'x-bff-error': '1' } },
        ),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Must be at least a minute from now.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    // The real BFF takes a time two days on.
    server.resetHandlers();
    const until = new Date(Date.now() + 2 * 24 * 3_600_000);
    until.setHours(14, 30, 0, 0);
    fireEvent.change(field, { target: { value: toLocalInputValue(until) } });
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const header = await threadHeader();
    expect(await within(header).findByText(/^Snoozed until /)).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Wake now' })).toBeInTheDocument();
  });

  it('z opens the menu for the open thread; arrows and Enter choose', async () => {
    const thread = openThread(4);
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${thread.id}`);
    await snoozeButton();
    (document.activeElement as HTMLElement | null)?.blur();

    await user.keyboard('z');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    // Opened from the keyboard: the first item has focus, as with Enter on the button.
    await waitFor(() => expect(items[0]).toHaveFocus());
    const tomorrow = within(menu).getByRole('menuitem', { name: /^Tomorrow/ });
    for (let i = 0; i < items.length && document.activeElement !== tomorrow; i++) {
      await user.keyboard('{ArrowDown}');
    }
    expect(tomorrow).toHaveFocus();
    await user.keyboard('{Enter}');

    const header = await threadHeader();
    expect(await within(header).findByText(`Snoozed until ${tomorrowTime()}`)).toBeInTheDocument();
    // Snoozed, the thread has no menu to open: z does nothing.
    await user.keyboard('z');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('is not offered for a closed thread', async () => {
    const closed = [...fake.workspace().social.threads.values()].find(
      (t) => t.conv.status === 'closed' && !t.conv.is_group,
    )!.conv;
    await renderRoutes(`/inbox/${closed.id}?status=closed`);
    const header = await threadHeader();
    await within(header).findByRole('button', { name: 'Reopen thread' });
    expect(within(header).queryByRole('button', { name: 'Snooze' })).toBeNull();
    expect(within(header).queryByRole('button', { name: 'Wake now' })).toBeNull();
  });
});
