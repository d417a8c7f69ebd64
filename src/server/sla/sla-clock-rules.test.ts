import { describe, expect, it } from 'vitest';
import type { SlaKind } from '../../contract/sla';
import { endOf, wantedClocks, type ThreadFacts } from './sla-clock-rules';

// Which clocks a thread should have, from its status and its messages' directions and times.

const ALL = new Set<SlaKind>(['first-response', 'next-response', 'resolution']);
const facts = (status: string, ...messages: [string, number][]): ThreadFacts => ({
  status,
  messages: messages.map(([direction, at]) => ({ direction, at })),
});

describe('wantedClocks', () => {
  it('runs the first response and the resolution from the first inbound while unanswered', () => {
    expect(wantedClocks(facts('open', ['inbound', 10], ['inbound', 20]), ALL, 0, null)).toEqual([
      { kind: 'first-response', startedAt: 10 },
      { kind: 'resolution', startedAt: 10 },
    ]);
  });

  it('runs the next response from the first inbound after the last reply', () => {
    const thread = facts('open', ['inbound', 10], ['outbound', 15], ['inbound', 30], ['inbound', 40]);
    expect(wantedClocks(thread, ALL, 0, null)).toEqual([
      { kind: 'next-response', startedAt: 30 },
      { kind: 'resolution', startedAt: 10 },
    ]);
    // Answered again: no next response runs.
    expect(wantedClocks(facts('open', ['inbound', 10], ['outbound', 15]), ALL, 0, null)).toEqual([
      { kind: 'resolution', startedAt: 10 },
    ]);
  });

  it('counts only messages after the policy, only the kinds it sets, and only while open', () => {
    const thread = facts('open', ['inbound', 10], ['outbound', 15], ['inbound', 30]);
    // Since 20: the inbound at 30 is the first the policy sees, unanswered.
    expect(wantedClocks(thread, ALL, 20, null).map((c) => [c.kind, c.startedAt])).toEqual([
      ['first-response', 30],
      ['resolution', 30],
    ]);
    expect(wantedClocks(thread, new Set<SlaKind>(['resolution']), 0, null)).toEqual([
      { kind: 'resolution', startedAt: 10 },
    ]);
    expect(wantedClocks(facts('closed', ['inbound', 10]), ALL, 0, null)).toEqual([]);
    expect(wantedClocks(facts('snoozed', ['inbound', 10]), ALL, 0, null)).toEqual([]);
  });

  it('starts a reopened thread’s resolution at its first inbound after the last close', () => {
    const thread = facts('open', ['inbound', 10], ['outbound', 15], ['inbound', 50]);
    expect(wantedClocks(thread, new Set<SlaKind>(['resolution']), 0, 20)).toEqual([
      { kind: 'resolution', startedAt: 50 },
    ]);
    expect(wantedClocks(thread, new Set<SlaKind>(['resolution']), 0, 60)).toEqual([]);
  });
});

describe('endOf', () => {
  it('ends a response clock at the reply, and unanswered at the close', () => {
    expect(
      endOf({ kind: 'first-response', startedAt: 10 }, facts('open', ['inbound', 10], ['outbound', 25]), 99),
    ).toEqual({
      at: 25,
      answered: true,
    });
    expect(endOf({ kind: 'next-response', startedAt: 10 }, facts('open', ['inbound', 10]), 99)).toBeNull();
    expect(endOf({ kind: 'first-response', startedAt: 10 }, facts('closed', ['inbound', 10]), 99)).toEqual({
      at: 99,
      answered: false,
    });
  });

  it('ends the resolution at the close only', () => {
    expect(endOf({ kind: 'resolution', startedAt: 10 }, facts('open', ['outbound', 20]), 99)).toBeNull();
    expect(endOf({ kind: 'resolution', startedAt: 10 }, facts('closed'), 99)).toEqual({
      at: 99,
      answered: true,
    });
  });
});
