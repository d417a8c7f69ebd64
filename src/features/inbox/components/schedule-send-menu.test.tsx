import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/lib/api-client';
import { fake, server, withBff } from '@/test/bff';
import { seededThread } from '@/test/warm-thread';
import { renderRoutes, stubLayout } from '@/test/render-routes';
import { watchCalls } from '@/test/watch-calls';
import { schedulePresets } from '../scheduled/schedule-presets';
import { toLocalInputValue } from '@/lib/time-presets';

// Scheduling from the composer through the real BFF, its database and its job queue (the
// scheduled message is the BFF's own): a preset schedules the typed text and clears the draft; the
// thread lists it above the composer with Edit and Cancel; a chosen time is checked on its field
// before anything is sent; a refusal keeps the text and says why.

withBff({ live: true, database: true });
beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The `nth` one-to-one whatsapp thread whose contact wrote in the last 20 hours (window open). */
function warmThread(nth: number) {
  const ws = fake.workspace();
  const warm = [...ws.social.threads.values()].filter((t) => {
    const channel = ws.social.channels.find((c) => c.id === t.conv.channel_id);
    return (
      !t.conv.is_group &&
      t.conv.status !== 'closed' &&
      channel?.platform === 'whatsapp' &&
      !t.meta.unreachable &&
      t.meta.lastInboundAt !== null &&
      fake.clock.now().getTime() - t.meta.lastInboundAt < 20 * 3_600_000
    );
  });
  const found = warm[nth];
  if (!found) throw new Error(`the seed has no warm whatsapp thread number ${String(nth)}`);
  return found.conv;
}

const composer = () => screen.findByRole('textbox', { name: 'Message' }, { timeout: 8_000 });
const scheduleButton = () => screen.findByRole('button', { name: 'Schedule send' });
const scheduledList = () => screen.findByRole('region', { name: 'Scheduled messages' });

/** Every call the page makes to the scheduled-send routes that changes something. */
const watchScheduleWrites = () =>
  watchCalls((method, path) => method !== 'GET' && /\/bff\/(conversations\/[^/]+\/)?scheduled/.test(path));

describe('scheduling a reply', () => {
  it('a preset schedules the text, clears the draft and lists it; Cancel takes it back', async () => {
    const thread = warmThread(0);
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${thread.id}`);
    const box = await composer();
    await user.click(box);
    await user.keyboard('See you in an hour');

    await user.click(await scheduleButton());
    const menu = await screen.findByRole('menu');
    const hour = schedulePresets(new Date()).find((p) => p.id === 'in-an-hour')!;
    await user.click(within(menu).getByRole('menuitem', { name: `In 1 hour ${hour.time}` }));

    await waitFor(() => expect(box).toHaveValue(''));
    const list = await scheduledList();
    const row = await within(list).findByText(/See you in an hour/);
    expect(list).toHaveTextContent(`Scheduled for ${hour.time}`);
    const held = await call('scheduled.list', { params: { id: thread.id } });
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ text: 'See you in an hour', state: 'scheduled', kind: 'text' });
    // Nothing went to the contact yet.
    expect(
      fake
        .workspace()
        .social.threads.get(thread.id)!
        .messages.some((m) => m.text === 'See you in an hour'),
    ).toBe(false);

    const item = row.closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Scheduled messages' })).toBeNull());
    expect(await call('scheduled.list', { params: { id: thread.id } })).toEqual([]);
  });

  it('a chosen time is checked on its field before anything is sent, then edited from the list', async () => {
    const thread = warmThread(1);
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${thread.id}`);
    const box = await composer();
    await user.click(box);
    await user.keyboard('Checking in');
    await user.click(await scheduleButton());
    await user.click(await screen.findByRole('menuitem', { name: 'Pick date and time…' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Send at');
    expect(field).toHaveAttribute('type', 'datetime-local');

    const watch = watchScheduleWrites();
    try {
      fireEvent.change(field, { target: { value: toLocalInputValue(new Date(Date.now() - 3_600_000)) } });
      await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Pick a time at least a minute from now.');

      fireEvent.change(field, { target: { value: '9999-12-31T23:59' } });
      await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
      expect(field).toHaveAccessibleDescription('Pick a time within 30 days.');

      fireEvent.change(field, { target: { value: '' } });
      await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
      expect(field).toHaveAccessibleDescription('Enter a valid date and time.');
      expect(watch.calls).toEqual([]);
    } finally {
      watch.stop();
    }
    // The draft is untouched while nothing is scheduled.
    expect(box).toHaveValue('Checking in');

    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    fireEvent.change(field, { target: { value: toLocalInputValue(inTwoHours) } });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(box).toHaveValue(''));

    // Edit from the list: new words.
    const list = await scheduledList();
    await user.click(within(list).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit the scheduled message' });
    const words = within(edit).getByLabelText('Message');
    await user.clear(words);
    await user.type(words, 'Checking in again');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(list).findByText(/Checking in again/)).toBeInTheDocument();
    const [held] = await call('scheduled.list', { params: { id: thread.id } });
    expect(held?.text).toBe('Checking in again');
  });

  it('a refusal keeps the text and says why beside it', async () => {
    const thread = warmThread(2);
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${thread.id}`);
    const box = await composer();
    await user.click(box);
    await user.keyboard('Tomorrow then');
    // What the BFF says of a text due after the window closes.
    server.use(
      http.post('*/bff/conversations/:id/scheduled', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            message: [
              'sendAt is after the 24-hour window closes (2030-01-01T00:00:00.000Z); schedule it before then, or send a template instead',
            ],
            error: 'Bad Request',
          },
          { status: 400, headers: { 'x-bff-error': '1' } },
        ),
      ),
    );
    await user.click(await scheduleButton());
    await user.click(await screen.findByRole('menuitem', { name: /^In 1 hour/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/window closes.*send a template instead/);
    expect(alert).toHaveTextContent('Your text is kept.');
    expect(box).toHaveValue('Tomorrow then');
    // Typing again clears the complaint.
    await user.type(box, '!');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('outside the window, a filled template is scheduled at a chosen time', async () => {
    const t = seededThread(fake, 'whatsapp', false);
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${t.conv.id}`);
    const picker = await screen.findByRole('region', { name: 'Send a template' });
    await user.click(await within(picker).findByRole('radio', { name: /order_update/ }));
    // The same check as Send: every parameter first.
    await user.click(within(picker).getByRole('button', { name: 'Schedule…' }));
    expect(within(picker).getAllByText('Fill in this parameter.')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.type(within(picker).getByRole('textbox', { name: 'Parameter {{1}}' }), 'Marta');
    await user.type(within(picker).getByRole('textbox', { name: 'Parameter {{2}}' }), '#A-1042');
    await user.click(within(picker).getByRole('button', { name: 'Schedule…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Schedule the template order_update' });
    const field = within(dialog).getByLabelText('Send at');
    fireEvent.change(field, { target: { value: toLocalInputValue(new Date(Date.now() + 3 * 3_600_000)) } });
    const before = t.messages.length;
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const list = await scheduledList();
    expect(await within(list).findByText(/Template order_update/)).toBeInTheDocument();
    const [held] = await call('scheduled.list', { params: { id: t.conv.id } });
    expect(held).toMatchObject({
      kind: 'template',
      state: 'scheduled',
      template: { templateName: 'order_update', templateParams: ['Marta', '#A-1042'] },
    });
    expect(t.messages.length).toBe(before);
  });
});
