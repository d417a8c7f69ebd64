import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/lib/api-client';
import { fake, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';
import { watchCalls } from '@/test/watch-calls';
import { remindPresets, toLocalInputValue } from './remind-me-times';

// "Remind me" through the real BFF, its database and its live workspace: a preset in the thread
// header sets a reminder on that thread, a chosen time is checked on its field before anything is
// sent, the server's word on the note shows on the note, and the lead drawer sets one on its lead.

withBff({ live: true, database: true, as: 'agent' });
beforeAll(stubLayout);
afterEach(cleanup);

const openThread = (nth: number) =>
  [...fake.workspace().social.threads.values()]
    .map((t) => t.conv)
    .filter((c) => c.status === 'open' && !c.is_group)
    .sort((a, b) => (b.last_message_at ?? '').localeCompare(a.last_message_at ?? ''))[nth]!;

const threadHeader = async () => (await screen.findByRole('heading', { level: 2 })).closest('header')!;
/** The Remind me button, once its code has loaded (a stand-in, disabled, shows until then). */
const remindButton = async (within_: HTMLElement) => {
  await waitFor(() => expect(within(within_).getByRole('button', { name: 'Remind me' })).toBeEnabled());
  return within(within_).getByRole('button', { name: 'Remind me' });
};
const toast = (text: string) =>
  waitFor(() =>
    expect(
      [...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent?.includes(text)),
    ).toBe(true),
  );
const myReminders = async () => (await call('reminders.list', { query: {} })).reminders;

/** Every call the page makes to the reminder routes. */
const watchReminderCalls = () => watchCalls((_method, path) => path.startsWith('/bff/reminders'));

describe('Remind me', () => {
  it('a preset in the thread header sets a reminder on that thread', async () => {
    const thread = openThread(0);
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${thread.id}`);
    await user.click(await remindButton(await threadHeader()));
    const menu = await screen.findByRole('menu');
    for (const name of [/^In 1 hour/, /^Tomorrow/, /^Next Monday/, /^Pick a time and add a note/])
      expect(within(menu).getByRole('menuitem', { name })).toBeInTheDocument();
    const tomorrow = remindPresets(new Date()).find((p) => p.id === 'tomorrow')!;
    await user.click(within(menu).getByRole('menuitem', { name: `Tomorrow ${tomorrow.time}` }));

    await toast(`Reminder set for ${tomorrow.time}`);
    const set = (await myReminders()).find((r) => r.target.id === thread.id);
    expect(set).toMatchObject({ state: 'pending', target: { kind: 'conversation' } });
    expect(Date.parse(set!.dueAt)).toBe(tomorrow.at.getTime());
  });

  it('a chosen time is checked on its field before anything is sent; the server’s word on the note shows on the note', async () => {
    const thread = openThread(1);
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${thread.id}`);
    await user.click(await remindButton(await threadHeader()));
    await user.click(await screen.findByRole('menuitem', { name: 'Pick a time and add a note…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remind me at a time' });
    const field = within(dialog).getByLabelText('Remind me at');
    const note = within(dialog).getByLabelText('Note (optional)');
    const submit = within(dialog).getByRole('button', { name: 'Set reminder' });

    const watch = watchReminderCalls();
    try {
      for (const [value, words] of [
        [toLocalInputValue(new Date(Date.now() - 3_600_000)), 'Pick a time at least a minute from now.'],
        ['9999-12-31T23:59', 'Pick a time within a year.'],
        ['', 'Enter a valid date and time.'],
        ['2026-02-31T09:00', 'Enter a valid date and time.'],
      ] as const) {
        fireEvent.change(field, { target: { value } });
        await user.click(submit);
        expect(field).toHaveAttribute('aria-invalid', 'true');
        expect(field).toHaveAccessibleDescription(words);
      }
      expect(watch.calls).toEqual([]);

      // A character the BFF cannot keep: its refusal lands on the note, and the dialog stays.
      const at = new Date(Date.now() + 2 * 3_600_000);
      fireEvent.change(field, { target: { value: toLocalInputValue(at) } });
      fireEvent.change(note, { target: { value: 'call \u0000 back' } });
      await user.click(submit);
      await waitFor(() => expect(note).toHaveAttribute('aria-invalid', 'true'));
      expect(note).toHaveAccessibleDescription(/U\+0000/);
      expect(watch.calls).toEqual(['POST /bff/reminders']);

      fireEvent.change(note, { target: { value: 'Call back about the quote' } });
      await user.click(submit);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    } finally {
      watch.stop();
    }
    const set = (await myReminders()).find((r) => r.target.id === thread.id);
    expect(set).toMatchObject({ note: 'Call back about the quote', state: 'pending' });
  });

  it('the lead drawer sets a reminder on its lead', async () => {
    const lead = [...fake.workspace().crm.leads.values()][0]!;
    const user = userEvent.setup();
    await renderRoutes(`/leads?lead=${lead.id}`);
    // The leads page's code loads first: a loaded machine takes its time (as data-colors.test does).
    const drawer = await screen.findByRole('dialog', { name: lead.name }, { timeout: 15_000 });
    await user.click(await remindButton(drawer));
    await user.click(await screen.findByRole('menuitem', { name: /^In 1 hour/ }));
    await toast('Reminder set for');
    expect((await myReminders()).find((r) => r.target.id === lead.id)).toMatchObject({
      target: { kind: 'lead' },
      label: lead.name,
    });
  });
});
