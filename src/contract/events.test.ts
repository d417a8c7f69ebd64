import { describe, expect, it } from 'vitest';
import { LiveEvent, parseLiveEvent } from './events';

const lead = {
  id: '6f1c1f0e-1d2a-4c7e-9b1a-0a0b0c0d0e0f',
  name: 'Ada',
  status: 'new',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};

describe('LiveEvent', () => {
  it('reads an event by its type and keeps fields it does not know', () => {
    const parsed = LiveEvent.parse({ type: 'lead.upserted', lead: { ...lead, extra: 1 }, trace: 'x' });
    expect(parsed.type).toBe('lead.upserted');
    expect(parsed).toMatchObject({ lead: { id: lead.id, extra: 1 }, trace: 'x' });
  });

  it('refuses an unknown type and a known type with the wrong payload', () => {
    expect(LiveEvent.safeParse({ type: 'lead.exploded', lead }).success).toBe(false);
    expect(LiveEvent.safeParse({ type: 'lead.removed', id: 'not-a-guid' }).success).toBe(false);
    expect(
      LiveEvent.safeParse({ type: 'upstream.status', state: 'sleepy', since: lead.created_at }).success,
    ).toBe(false);
  });

  it('takes a resync only for a known reason', () => {
    expect(LiveEvent.safeParse({ type: 'resync', reason: 'gap' }).success).toBe(true);
    expect(LiveEvent.safeParse({ type: 'resync', reason: 'because' }).success).toBe(false);
  });
});

describe('parseLiveEvent', () => {
  const events: unknown[] = [
    { type: 'lead.upserted', lead: { ...lead, extra: 1 }, trace: 'x' },
    { type: 'lead.removed', id: lead.id },
    { type: 'lead.removed', id: 'not-a-guid' },
    { type: 'upstream.status', state: 'ok', since: lead.created_at },
    { type: 'upstream.status', state: 'sleepy', since: lead.created_at },
    { type: 'resync', reason: 'gap' },
    { type: 'lead.exploded', lead },
    { type: 'toString' },
    { lead },
    null,
    'resync',
  ];

  it.each(events)('reads %j as the union does', (event) => {
    const one = parseLiveEvent(event);
    const union = LiveEvent.safeParse(event);
    expect(one.success).toBe(union.success);
    expect(one.data).toEqual(union.data);
  });
});
