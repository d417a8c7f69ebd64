import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message, Note, Reminder } from '@/contract';
import { conversationKeys } from '@/data/conversations';
import { preferenceKeys } from '@/data/preferences';
import { sessionKeys } from '@/data/session';
import { conversation } from '@/contract/testing/records';
import { alertFor } from './desktop-alerts';

// Which live events become a desktop notification: only when asked for, for threads that are mine
// or nobody's, and for mentions; never for the thread being looked at.

const shown: { title: string; body: string | undefined }[] = [];
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    shown.push({ title, body: options?.body });
  }
}
vi.stubGlobal('Notification', FakeNotification);
afterEach(() => {
  shown.length = 0;
  vi.restoreAllMocks();
});

const ME = 'a0000000-0000-4000-8000-000000000001';
function client(desktop: boolean): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(preferenceKeys.mine, { desktop, sound: false });
  queryClient.setQueryData(sessionKeys.me(), {
    id: 'ana@acme.test',
    name: 'Ana',
    role: 'agent',
    upstreamUserId: ME,
  });
  return queryClient;
}
const inbound = (_thread: Conversation, text: string) =>
  ({
    id: `m-${text}`,
    direction: 'inbound',
    text,
    sender_name: 'Sofia',
    created_at: new Date().toISOString(),
  }) as Message;

describe('desktop alerts', () => {
  it('says a new message on my thread or an unassigned one, not a teammate’s', () => {
    const queryClient = client(true);
    const mine = { ...conversation(), assigned_to_user_id: ME };
    const nobodys = { ...conversation(), assigned_to_user_id: null };
    const theirs = { ...conversation(), assigned_to_user_id: 'b0000000-0000-4000-8000-000000000002' };
    for (const t of [mine, nobodys, theirs]) queryClient.setQueryData(conversationKeys.detail(t.id), t);
    for (const [t, text] of [
      [mine, 'one'],
      [nobodys, 'two'],
      [theirs, 'three'],
    ] as const) {
      alertFor(queryClient, {
        type: 'messages.upserted',
        conversationId: t.id,
        messages: [inbound(t, text)],
      });
    }
    expect(shown).toEqual([
      { title: 'Sofia', body: 'one' },
      { title: 'Sofia', body: 'two' },
    ]);
  });

  it('says a mention, and nothing at all when notifications are off or the thread is on screen', () => {
    const note = { id: '7', conversationId: 'c1', authorName: 'Marco', body: 'Look @Ana' } as Note;
    alertFor(client(true), { type: 'mention.created', note });
    expect(shown).toEqual([{ title: 'Marco mentioned you', body: 'Look @Ana' }]);

    shown.length = 0;
    alertFor(client(false), { type: 'mention.created', note });
    const t = { ...conversation(), assigned_to_user_id: ME };
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    window.history.pushState({}, '', `/inbox/${t.id}`);
    const queryClient = client(true);
    queryClient.setQueryData(conversationKeys.detail(t.id), t);
    alertFor(queryClient, { type: 'messages.upserted', conversationId: t.id, messages: [inbound(t, 'hi')] });
    expect(shown).toEqual([]);
  });

  it('says my reminder coming due, with its note, and that the record is gone when it is', () => {
    const reminder = (over: Partial<Reminder>): Reminder => ({
      id: 'r1',
      username: 'ana@acme.test',
      target: { kind: 'lead', id: 'l1' },
      label: 'Acme renewal',
      note: 'Call about the quote',
      dueAt: new Date().toISOString(),
      state: 'due',
      createdAt: new Date().toISOString(),
      firedAt: new Date().toISOString(),
      recordGone: false,
      ...over,
    });
    alertFor(client(true), { type: 'reminder.due', reminder: reminder({}) });
    alertFor(client(true), {
      type: 'reminder.due',
      reminder: reminder({ target: { kind: 'conversation', id: 'c1' }, note: null, recordGone: true }),
    });
    alertFor(client(false), { type: 'reminder.due', reminder: reminder({}) });
    expect(shown).toEqual([
      { title: 'Reminder: Acme renewal', body: 'Call about the quote' },
      { title: 'Reminder: Acme renewal (it has been deleted since)', body: 'Your reminder is due' },
    ]);
  });
});
