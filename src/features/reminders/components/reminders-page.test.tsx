import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toLocalInputValue } from '@/components/reminders/remind-me-times';
import { applyLiveEvent } from '@/data/live-events';
import { call } from '@/lib/api-client';
import { fake, server, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';

// The Reminders page through the real BFF and its database: empty, then upcoming reminders with
// links to their records; Done, Cancel and Change time (checked on its field first); a reminder
// that comes due (the live event, as the stream delivers it) moves to Due, says so in a toast,
// counts on the navigation and flags its thread's row; a failed read shows the error screen.

withBff({ live: true, database: true, as: 'agent' });
beforeAll(stubLayout);
afterEach(cleanup);

const HOUR = 3_600_000;
const openThread = (nth: number) =>
  [...fake.workspace().social.threads.values()]
    .map((t) => t.conv)
    .filter((c) => c.status === 'open' && !c.is_group)
    .sort((a, b) => (b.last_message_at ?? '').localeCompare(a.last_message_at ?? ''))[nth]!;
const firstLead = () => [...fake.workspace().crm.leads.values()][0]!;
const setReminder = (kind: 'conversation' | 'lead', id: string, hours: number, note?: string) =>
  call('reminders.create', {
    body: {
      target: { kind, id },
      dueAt: new Date(Date.now() + hours * HOUR).toISOString(),
      ...(note ? { note } : {}),
    },
  });
const states = async () =>
  new Map(
    (
      await Promise.all(
        (['pending', 'due', 'done', 'cancelled'] as const).map((state) =>
          call('reminders.list', { query: { state } }),
        ),
      )
    )
      .flatMap((list) => list.reminders)
      .map((r) => [r.id, r.state]),
  );
const toast = (text: string) =>
  waitFor(() =>
    expect(
      [...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent?.includes(text)),
    ).toBe(true),
  );

describe('the Reminders page', () => {
  it('says so when there are none', async () => {
    await renderRoutes('/reminders');
    expect(await screen.findByRole('heading', { name: 'Reminders', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('No reminders')).toBeInTheDocument();
  });

  it('lists upcoming reminders soonest first, linked to their records; Done and Cancel take them off', async () => {
    const thread = openThread(1);
    const lead = firstLead();
    const onThread = await setReminder('conversation', thread.id, 2, 'Ask about the invoice');
    const onLead = await setReminder('lead', lead.id, 1);
    const user = userEvent.setup();
    await renderRoutes('/reminders');
    const list = await screen.findByRole('list', { name: 'Upcoming reminders' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getAllByRole('link')[0]!.textContent)).toEqual([
      onLead.label,
      onThread.label,
    ]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', `/leads?lead=${lead.id}`);
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', `/inbox/${thread.id}`);
    expect(items[1]).toHaveTextContent('Ask about the invoice');

    await user.click(within(list).getByRole('button', { name: `Done: ${onLead.label}` }));
    await toast('Reminder done');
    await waitFor(() =>
      expect(within(list).queryByRole('button', { name: `Done: ${onLead.label}` })).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: `Cancel reminder: ${onThread.label}` }));
    await toast('Reminder cancelled');
    expect(await screen.findByText('No reminders')).toBeInTheDocument();
    const now = await states();
    expect(now.get(onLead.id)).toBe('done');
    expect(now.get(onThread.id)).toBe('cancelled');
  });

  it('moves a reminder to a time checked on its field first', async () => {
    const thread = openThread(2);
    const r = await setReminder('conversation', thread.id, 1);
    const user = userEvent.setup();
    await renderRoutes('/reminders');
    await user.click(await screen.findByRole('button', { name: `Change time: ${r.label}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the reminder’s time' });
    const field = within(dialog).getByLabelText('Remind me at');
    expect(field).toHaveValue(toLocalInputValue(new Date(r.dueAt)));
    fireEvent.change(field, { target: { value: toLocalInputValue(new Date(Date.now() - HOUR)) } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(field).toHaveAccessibleDescription('Pick a time at least a minute from now.');

    const later = new Date(Date.now() + 30 * HOUR);
    later.setSeconds(0, 0);
    fireEvent.change(field, { target: { value: toLocalInputValue(later) } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await toast('Reminder moved to');
    const moved = (await call('reminders.list', { query: {} })).reminders.find((x) => x.id === r.id);
    expect(Date.parse(moved!.dueAt)).toBe(later.getTime());
    await call('reminders.cancel', { params: { id: r.id } });
  });

  it('a reminder coming due moves to Due, says so, counts on the navigation and flags its thread', async () => {
    const thread = openThread(0);
    const r = await setReminder('conversation', thread.id, 1, 'Call back');
    const { queryClient, router } = await renderRoutes('/reminders');
    await screen.findByRole('list', { name: 'Upcoming reminders' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Reminders' })).toBeInTheDocument();

    // As the live stream delivers it to this person's browsers.
    const due = { ...r, state: 'due' as const, firedAt: new Date().toISOString() };
    applyLiveEvent(queryClient, { type: 'reminder.due', reminder: due });
    applyLiveEvent(queryClient, { type: 'reminder.due', reminder: due });
    const dueList = await screen.findByRole('list', { name: 'Due reminders' });
    expect(within(dueList).getByRole('link', { name: r.label })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Upcoming reminders' })).toBeNull();
    await toast(`Reminder: ${r.label}`);
    // Said once, however often it arrives.
    expect(
      [...document.querySelectorAll('[data-sonner-toast]')].filter((t) =>
        t.textContent?.includes(`Reminder: ${r.label}`),
      ),
    ).toHaveLength(1);
    await waitFor(() => expect(within(nav).getByRole('link', { name: /^Reminders, 1/ })).toBeInTheDocument());

    await router.navigate({ to: '/inbox' });
    await waitFor(() => expect(document.querySelector(`[data-thread-row="${thread.id}"]`)).not.toBeNull());
    expect(document.querySelector(`[data-thread-row="${thread.id}"]`)).toHaveTextContent('Reminder due');
    const otherRow = document.querySelector(`[data-thread-row="${openThread(3).id}"]`);
    expect(otherRow).not.toBeNull();
    expect(otherRow).not.toHaveTextContent('Reminder due');
    await call('reminders.cancel', { params: { id: r.id } });
  });

  it('shows the error screen when the list cannot be read', async () => {
    server.use(http.get('*/bff/reminders', () => HttpResponse.error()));
    await renderRoutes('/reminders');
    expect(await screen.findByText('Reminders could not be loaded')).toBeInTheDocument();
  });
});
