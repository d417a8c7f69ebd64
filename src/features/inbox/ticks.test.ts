import { describe, expect, it } from 'vitest';
import { MESSAGE_STATUSES } from '@/contract';
import { tickFor } from './ticks';

describe('tickFor', () => {
  it.each([
    ['pending', 'clock', 'Pending', 'muted'],
    ['sent', 'check', 'Sent', 'muted'],
    ['delivered', 'check-check', 'Delivered', 'muted'],
    ['read', 'check-check', 'Read', 'read'],
    ['failed', 'alert', 'Failed', 'danger'],
  ] as const)('%s is drawn as %s and named %s', (status, icon, label, tone) => {
    expect(tickFor(status)).toEqual({ icon, label, tone });
  });

  it('names every status differently', () => {
    const labels = MESSAGE_STATUSES.map((s) => tickFor(s).label);
    expect(new Set(labels).size).toBe(MESSAGE_STATUSES.length);
  });
});
