import { describe, expect, it } from 'vitest';
import type { Contact } from './contacts';
import type { Conversation } from './conversations';
import { isContactThread, newestThreadFirst, threadToOpen } from './contact-links';

const contact = {
  id: 'c1',
  customer_id: 'cu1',
  first_name: 'Priya',
  last_name: 'Kowalski',
  mobile: '+44 7913 626127',
} as Contact;

const thread = (id: string, over: Partial<Conversation>): Conversation =>
  ({
    id,
    contact_id: 'c1',
    external_thread_id: '447913626127',
    status: 'open',
    is_group: false,
    last_message_at: '2025-01-01T10:00:00Z',
    ...over,
  }) as Conversation;

describe('a contact’s threads', () => {
  it('keeps only the contact’s own threads (and unlinked one-to-one ones on their number), newest first', () => {
    const found = [
      thread('old', { last_message_at: '2025-01-01T09:00:00Z' }),
      thread('other-contact', { contact_id: 'c2' }),
      thread('new', { last_message_at: '2025-01-02T09:00:00Z', external_thread_id: 'ig-123' }),
      thread('unlinked', { contact_id: null, last_message_at: '2025-01-01T08:00:00Z' }),
      thread('unlinked-other-number', { contact_id: null, external_thread_id: '441234567890' }),
      thread('unlinked-group', { contact_id: null, is_group: true }),
    ];
    const theirs = found.filter((t) => isContactThread(contact, t));
    expect(theirs.sort(newestThreadFirst).map((t) => t.id)).toEqual(['new', 'old', 'unlinked']);
  });

  it('opens the newest open thread, else the newest, else none', () => {
    const closedNewer = thread('closed', { status: 'closed', last_message_at: '2025-01-03T00:00:00Z' });
    const openOlder = thread('open', { last_message_at: '2025-01-01T00:00:00Z' });
    expect(threadToOpen([closedNewer, openOlder])?.id).toBe('open');
    expect(threadToOpen([closedNewer])?.id).toBe('closed');
    expect(threadToOpen([])).toBeNull();
  });
});
