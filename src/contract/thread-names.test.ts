import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from './conversations';
import { conversationName } from './thread-names';

const thread = (over: Partial<Conversation> = {}) =>
  ({
    is_group: false,
    group_subject: null,
    external_thread_id: '447700900123',
    contact_id: null,
    ...over,
  }) as Conversation;
const inbound = (sender: string, at: string) =>
  ({ direction: 'inbound', sender_name: sender, created_at: at }) as Message;

describe('what a thread is called (decisions.md)', () => {
  it("uses the contact's name, else the latest inbound sender, else the number", () => {
    expect(
      conversationName(thread({ contact_id: 'c' }), { contact: { first_name: 'Sofia', last_name: 'Reyes' } }),
    ).toBe('Sofia Reyes');
    const messages = [
      inbound('Old name', '2026-01-01T00:00:00Z'),
      inbound('New name', '2026-01-02T00:00:00Z'),
    ];
    expect(conversationName(thread(), { messages })).toBe('New name');
    expect(conversationName(thread(), { platform: 'whatsapp' })).toBe('+447700900123');
    expect(conversationName(thread({ external_thread_id: 'ig-42' }), { platform: 'instagram' })).toBe(
      'ig-42',
    );
  });

  it('calls a group by its subject', () => {
    expect(conversationName(thread({ is_group: true, group_subject: 'Team Lisbon' }), {})).toBe(
      'Team Lisbon',
    );
  });
});
