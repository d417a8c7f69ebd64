import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fake, server, signInAs, withBff } from '@/test/bff';
import { renderRoutes, stubLayout } from '@/test/render-routes';

// Private notes through the real BFF and its database: written in Note mode with an @mention picked
// from the teammates, shown in the history (never as a message), listed in the mentioned teammate's
// Mentions with a count, and opening it leads to the thread.

withBff({ live: true, database: true });
beforeAll(stubLayout);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const openThread = () =>
  [...fake.workspace().social.threads.values()]
    .map((t) => t.conv)
    .filter((c) => c.status === 'open' && !c.is_group)
    .sort((a, b) => (b.last_message_at ?? '').localeCompare(a.last_message_at ?? ''))[0]!;

describe('private notes', () => {
  // A whole journey (write, mention, sign in as the teammate, read Mentions): room on a loaded machine.
  it('writes a note mentioning a teammate, who finds it in Mentions', { timeout: 45_000 }, async () => {
    const thread = openThread();
    const sent = fake.workspace().social.threads.get(thread.id)!.messages.length;
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${thread.id}`);
    await user.click(await screen.findByRole('tab', { name: 'Note' }));
    const box = screen.getByRole('combobox', { name: 'Private note' });
    await user.type(box, 'Refund approved, @mar');
    const options = await screen.findByRole('listbox', { name: 'Teammates' });
    expect(within(options).getAllByRole('option')[0]).toHaveTextContent('Marco');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Refund approved, @Marco Manager ');
    // Shift+Enter adds a line, Enter saves: as in the reply composer.
    await user.type(box, 'please{Shift>}{Enter}{/Shift}confirm');
    expect(box).toHaveValue('Refund approved, @Marco Manager please\nconfirm');
    await user.keyboard('{Enter}');

    const note = await screen.findByRole('article', { name: /Private note by Ada/ }, { timeout: 5_000 });
    expect(note).toHaveTextContent('Refund approved, @Marco Manager please confirm');
    expect(box).toHaveValue('');
    // Never sent to the contact.
    expect(fake.workspace().social.threads.get(thread.id)!.messages.length).toBe(sent);

    cleanup();
    await signInAs('manager');
    const { router } = await renderRoutes('/mentions');
    await screen.findByRole('heading', { name: 'Mentions' });
    expect(screen.getByRole('link', { name: /Mentions\W+1 unread/ })).toBeInTheDocument();
    const mention = within(screen.getByRole('list', { name: 'Mentions' })).getByRole('link');
    expect(mention).toHaveTextContent('Ada Admin mentioned you');
    // Where: the thread's contact and its channel.
    expect(mention).toHaveTextContent(/in \S+.*Refund approved/);
    expect(
      within(mention).getByRole('img', { name: /WhatsApp|Instagram|Messenger|Telegram/ }),
    ).toBeInTheDocument();
    await user.click(mention);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/inbox/${thread.id}`));
    expect(await screen.findByRole('article', { name: /Private note by Ada/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: /Mentions\W+1 unread/ })).toBeNull());
  });

  it('keeps the text and says why when the note is refused, and flags a stray mention', async () => {
    const thread = openThread();
    const user = userEvent.setup();
    await renderRoutes(`/inbox/${thread.id}`);
    await user.click(await screen.findByRole('tab', { name: 'Note' }));
    const box = screen.getByRole('combobox', { name: 'Private note' });
    await user.type(box, 'Ask @Zed about it');
    expect(screen.getByText(/@Zed is not a teammate/)).toBeInTheDocument();
    const { http, HttpResponse } = await import('msw');
    server.use(
      http.post('*/bff/conversations/:id/notes', () =>
        HttpResponse.json(
          { statusCode: 503, message: 'The team database is unavailable', error: 'Service Unavailable' },
          { status: 503, headers: { 'x-bff-error': '1' } },
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The note was not saved');
    expect(box).toHaveValue('Ask @Zed about it');
  });
});
