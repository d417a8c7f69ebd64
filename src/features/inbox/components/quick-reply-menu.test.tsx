import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuickReply } from '@/contract';
import { renderWithApp } from '@/test/render';
import { fake, withBff } from '@/test/bff';
import { QuickReplyMenu, matchQuickReplies, useQuickReplyKeys } from './quick-reply-menu';

withBff({ live: true });
// Two cores shared with other suites: give the fake and the first render time before failing.
configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);

const reply = (title: string, shortcut: string): QuickReply => ({
  id: crypto.randomUUID(),
  title,
  shortcut,
  body: `${title} body`,
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
});

describe('matchQuickReplies', () => {
  const replies = [
    reply('Shipping times', 'shipping'),
    reply('Greeting', 'hi'),
    reply('Hours', 'open-hours'),
  ];

  it('matches shortcut or title, shortcut prefixes first, case-insensitively', () => {
    expect(matchQuickReplies(replies, 'H').map((r) => r.shortcut)).toEqual(['hi', 'open-hours', 'shipping']);
    expect(matchQuickReplies(replies, 'greet').map((r) => r.shortcut)).toEqual(['hi']);
    expect(matchQuickReplies(replies, 'zzz')).toEqual([]);
  });

  it('lists everything by shortcut for an empty query', () => {
    expect(matchQuickReplies(replies, '').map((r) => r.shortcut)).toEqual(['hi', 'open-hours', 'shipping']);
  });
});

/** The composer's side of the contract: focus stays in the textarea, keys are forwarded. */
function Composer({ onPick }: { onPick: (body: string) => void }) {
  const [text, setText] = useState('/');
  const keys = useQuickReplyKeys();
  const open = text.startsWith('/');
  return (
    <>
      <textarea
        aria-label="Message"
        value={text}
        onChange={(e) => setText(e.target.value)}
        {...(open ? keys.inputProps : {})}
        onKeyDown={(event) => {
          keys.onKeyDown(event);
        }}
      />
      {open ? (
        <QuickReplyMenu
          query={text.slice(1)}
          keys={keys}
          onPick={(body) => {
            onPick(body);
            setText(body);
          }}
          onClose={() => setText('')}
        />
      ) : null}
    </>
  );
}

describe('QuickReplyMenu', () => {
  it('works from the composer textarea: arrows move, aria-activedescendant follows, Enter picks', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    await renderWithApp(<Composer onPick={onPick} />);
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    await user.click(textarea);
    await user.keyboard('{End}');

    const listbox = await screen.findByRole('listbox', { name: 'Quick replies' });
    const options = within(listbox).getAllByRole('option');
    expect(options[0]).toHaveTextContent('/bye');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    // The menu wires itself to the textarea as it appears.
    await waitFor(() => expect(textarea).toHaveAttribute('aria-controls', listbox.id));
    expect(textarea).toHaveAttribute('aria-activedescendant', options[0]!.id);

    await user.keyboard('{ArrowDown}');
    const second = within(listbox).getAllByRole('option')[1]!;
    await waitFor(() => expect(textarea).toHaveAttribute('aria-activedescendant', second.id));
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(textarea).toHaveFocus();

    await user.keyboard('{ArrowUp}{Enter}');
    expect(onPick).toHaveBeenCalledWith('Glad I could help! Have a great day.');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('picks with Tab and closes with Escape', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    await renderWithApp(<Composer onPick={onPick} />);
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    await user.click(textarea);
    await user.keyboard('{End}greet');
    await screen.findByRole('option', { name: /Greeting/ });
    await user.keyboard('{Tab}');
    expect(onPick).toHaveBeenCalledWith(
      'Hi there! Thanks for reaching out to Acme. How can I help you today?',
    );
    expect(textarea).toHaveFocus();

    await user.clear(textarea);
    await user.keyboard('/');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(textarea).toHaveValue('');
  });

  it('takes focus itself when no composer drives it, and picks with a click', async () => {
    const onPick = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    await renderWithApp(<QuickReplyMenu query="" onPick={onPick} onClose={onClose} />);
    const listbox = await screen.findByRole('listbox', { name: 'Quick replies' });
    await waitFor(() => expect(listbox).toHaveFocus());
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(fake.workspace().social.quickReplies.size);
    expect(listbox).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(listbox).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
    await user.click(options[2]!);
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('says when nothing matches, and shows a load failure in words', async () => {
    await renderWithApp(<QuickReplyMenu query="no-such-reply" onPick={vi.fn()} onClose={vi.fn()} />);
    expect(await screen.findByText('No quick reply matches “no-such-reply”.')).toBeInTheDocument();
    cleanup();

    fake.control.fail({
      method: 'GET',
      path: '/v1/quick-replies',
      status: 403,
      message: 'Missing scope(s): quick-replies:read',
    });
    await renderWithApp(<QuickReplyMenu query="" onPick={vi.fn()} onClose={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Missing scope(s): quick-replies:read');
  });
});
