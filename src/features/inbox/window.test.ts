import { describe, expect, it } from 'vitest';
import type { Message } from '@/contract';
import { WINDOW_MS, computeWindow, isWindowRefusal, lastInboundAt, windowLabel } from './window';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const HOUR = 3_600_000;

const message = (direction: 'inbound' | 'outbound', createdAt: string): Message => ({
  id: crypto.randomUUID(),
  conversation_id: '00000000-0000-4000-8000-000000000001',
  direction,
  type: 'text',
  text: 'hi',
  media: null,
  status: direction === 'inbound' ? 'read' : 'sent',
  error_reason: null,
  sender_name: 'Someone',
  from_me: direction === 'outbound',
  platform_message_id: 'x',
  created_at: createdAt,
});

describe('lastInboundAt', () => {
  it('finds the newest inbound message whatever the order and ignores outbound ones', () => {
    const messages = [
      message('outbound', ago(1000)),
      message('inbound', ago(5 * HOUR)),
      message('inbound', ago(2 * HOUR)),
    ];
    expect(lastInboundAt(messages)).toBe(NOW - 2 * HOUR);
  });
  it('is null without inbound messages', () => {
    expect(lastInboundAt([message('outbound', ago(1000))])).toBeNull();
  });
});

describe('computeWindow', () => {
  const base = { platform: 'whatsapp' as const, hasOlder: false, now: NOW };

  it.each([
    ['10 min ago', 10 * 60_000, '1430 min left', '23 h left'],
    ['3 h ago', 3 * HOUR, '', '21 h left'],
    ['23 h 50 min ago', 23 * HOUR + 50 * 60_000, '', '10 min left'],
  ])('an inbound message %s leaves the window open', (_, age, _unused, label) => {
    const state = computeWindow({
      ...base,
      lastMessageAt: ago(age),
      messages: [message('inbound', ago(age))],
    });
    expect(state.kind).toBe('open');
    expect(windowLabel(state)).toBe(label);
  });

  it('closes exactly 24 hours after the last inbound message', () => {
    const messages = [message('inbound', ago(WINDOW_MS)), message('outbound', ago(HOUR))];
    expect(computeWindow({ ...base, lastMessageAt: ago(HOUR), messages })).toEqual({ kind: 'closed' });
  });

  it('is closed for certain, without messages, when the newest message is older than 24 hours', () => {
    expect(computeWindow({ ...base, lastMessageAt: ago(25 * HOUR), messages: undefined })).toEqual({
      kind: 'closed',
    });
  });

  it('is unknown while the messages are not loaded, or when no inbound message is among those loaded', () => {
    expect(computeWindow({ ...base, lastMessageAt: ago(HOUR), messages: undefined }).kind).toBe('unknown');
    const onlyOutbound = [message('outbound', ago(HOUR))];
    expect(
      computeWindow({ ...base, hasOlder: true, lastMessageAt: ago(HOUR), messages: onlyOutbound }).kind,
    ).toBe('unknown');
    expect(computeWindow({ ...base, lastMessageAt: ago(HOUR), messages: onlyOutbound }).kind).toBe('closed');
  });

  it('has no window on the bot platform', () => {
    const state = computeWindow({
      ...base,
      platform: 'telegram',
      lastMessageAt: ago(48 * HOUR),
      messages: [],
    });
    expect(state).toEqual({ kind: 'none' });
    expect(windowLabel(state)).toBe('');
  });

  it('has no window in a group chat', () => {
    const state = computeWindow({ ...base, isGroup: true, lastMessageAt: ago(48 * HOUR), messages: [] });
    expect(state).toEqual({ kind: 'none' });
  });

  it('applies to the social platforms too', () => {
    const state = computeWindow({
      ...base,
      platform: 'instagram',
      lastMessageAt: ago(HOUR),
      messages: [message('inbound', ago(HOUR))],
    });
    expect(windowLabel(state)).toBe('23 h left');
  });
});

describe('isWindowRefusal', () => {
  it('recognises the upstream refusal of a free-text send outside the window', () => {
    expect(
      isWindowRefusal(
        400,
        'Outside the 24-hour customer service window: only approved templates can be sent',
      ),
    ).toBe(true);
    expect(isWindowRefusal(400, 'text must have at least 1 characters')).toBe(false);
    expect(isWindowRefusal(403, 'Outside the 24-hour window')).toBe(false);
  });
});
