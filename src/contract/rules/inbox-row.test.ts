import { describe, expect, it } from 'vitest';
import { message } from '../testing/records';
import { rowMessages } from './inbox-row';

describe('rowMessages', () => {
  const thread = '00000000-0000-4000-8000-0000000000c1';
  const inbound = message(thread, 1, { id: 'm1', direction: 'inbound' });
  const reply = message(thread, 2, { id: 'm2', direction: 'outbound' });
  const tied = message(thread, 2, { id: 'm3', direction: 'outbound' });

  it('keeps the newest, then the newest inbound when it is another', () => {
    expect(rowMessages([inbound, reply]).messages.map((m) => m.id)).toEqual(['m2', 'm1']);
    expect(rowMessages([reply, inbound]).hasInbound).toBe(true);
  });

  it('keeps one message when the newest is inbound, and none of none; ties by the larger id', () => {
    expect(rowMessages([inbound]).messages.map((m) => m.id)).toEqual(['m1']);
    expect(rowMessages([])).toEqual({ messages: [], hasInbound: false });
    expect(rowMessages([reply, tied]).messages.map((m) => m.id)).toEqual(['m3']);
    expect(rowMessages([reply]).hasInbound).toBe(false);
  });
});
