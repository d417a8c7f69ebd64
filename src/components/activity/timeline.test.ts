import { describe, expect, it } from 'vitest';
import type { Activity } from '@/contract';
import { durationText, fromLocalInput, splitTimeline, toLocalInput } from './timeline';

const activity = (id: string, outcome: Activity['outcome']): Activity => ({
  id,
  activity_type: 'call',
  subject: id,
  description: null,
  activity_date: '2026-03-01T10:00:00.000Z',
  duration_minutes: null,
  outcome,
  created_at: '2026-03-01T10:00:00.000Z',
});

describe('timeline', () => {
  it('pins follow-ups above the rest, keeping the server order in each part', () => {
    const list = [
      activity('a', 'successful'),
      activity('b', 'follow_up_needed'),
      activity('c', null),
      activity('d', 'follow_up_needed'),
    ];
    const { followUps, rest } = splitTimeline(list);
    expect(followUps.map((a) => a.id)).toEqual(['b', 'd']);
    expect(rest.map((a) => a.id)).toEqual(['a', 'c']);
  });

  it('round-trips a local date-time input to an instant', () => {
    const date = new Date(2026, 2, 5, 14, 7);
    expect(toLocalInput(date)).toBe('2026-03-05T14:07');
    expect(fromLocalInput('2026-03-05T14:07')).toBe(date.toISOString());
    expect(fromLocalInput('yesterday')).toBeNull();
  });

  it('words durations', () => {
    expect(durationText(45)).toBe('45 min');
    expect(durationText(90)).toBe('1 h 30 min');
    expect(durationText(120)).toBe('2 h');
    expect(durationText(null)).toBe('');
  });
});
