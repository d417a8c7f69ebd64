import type { SlaKind } from '../../contract/sla';

// Which SLA clocks a thread should have, from what the workspace tables hold of it (its status and
// its messages' directions and times): pure, so the tests can pin every case.
//
// - First response: from the first inbound message until the first team reply after it.
// - Next response: from the first inbound after a team reply until the next team reply.
// - Resolution: from the first inbound (or the first inbound after the last resolution ended, for a
//   reopened thread) until the thread is closed.
// Any outbound message counts as the team's reply (a teammate's, a template, an AI agent's). Clocks
// start only while the thread is open, and only for messages after the channel got its policy.

export interface ThreadFacts {
  readonly status: string | null;
  /** Its messages, oldest first (times in ms). */
  readonly messages: readonly { readonly direction: string; readonly at: number }[];
}

export interface RunningClock {
  readonly kind: SlaKind;
  readonly startedAt: number;
}

export interface ClockEnd {
  readonly at: number;
  /** Ended by what it measures (the reply, the close): met when by its due instant. */
  readonly answered: boolean;
}

/** When a running clock ends: the reply that answers it, or the close. null: it runs on. */
export function endOf(clock: RunningClock, facts: ThreadFacts, now: number): ClockEnd | null {
  const closed = facts.status === 'closed';
  if (clock.kind === 'resolution') return closed ? { at: now, answered: true } : null;
  const reply = facts.messages.find((m) => m.direction === 'outbound' && m.at >= clock.startedAt);
  if (reply) return { at: reply.at, answered: true };
  // A thread closed unanswered ends its response clocks (neither met nor breached, unless already).
  return closed ? { at: now, answered: false } : null;
}

/**
 * The clocks that should run now, each by its start (the caller inserts those it does not hold:
 * the start is part of the key, so asking twice starts one). `lastResolvedAt`: when the thread's
 * last resolution clock ended, so a reopened thread's starts after it.
 */
export function wantedClocks(
  facts: ThreadFacts,
  kinds: ReadonlySet<SlaKind>,
  since: number,
  lastResolvedAt: number | null,
): RunningClock[] {
  if (facts.status !== 'open') return [];
  const inbound = facts.messages.filter((m) => m.direction === 'inbound' && m.at >= since);
  const firstInbound = inbound[0];
  if (!firstInbound) return [];
  const out: RunningClock[] = [];
  const replies = facts.messages.filter((m) => m.direction === 'outbound');
  const lastReply = replies.at(-1);
  const answered = replies.some((r) => r.at >= firstInbound.at);
  if (kinds.has('first-response') && !answered)
    out.push({ kind: 'first-response', startedAt: firstInbound.at });
  if (kinds.has('next-response') && answered && lastReply) {
    const waiting = inbound.find((m) => m.at > lastReply.at);
    if (waiting) out.push({ kind: 'next-response', startedAt: waiting.at });
  }
  if (kinds.has('resolution')) {
    const start = lastResolvedAt === null ? firstInbound : inbound.find((m) => m.at > lastResolvedAt);
    if (start) out.push({ kind: 'resolution', startedAt: start.at });
  }
  return out;
}
