// How a test block gets its seed. Resetting the fake costs a copy of the whole store (a few ms), so
// a block of tests that change nothing (refused calls, reads) shares one seed, and checks after
// every test that it really changed nothing, so a leak fails where it happens rather than later.
import { afterEach, beforeAll, expect } from 'vitest';
import type { Fake } from '../fake';

/** Sizes and latest changes of every collection of every workspace: moves when anything is written. */
export function storeFingerprint(fake: Fake): string {
  const latest = (rows: Iterable<{ updated_at: string }>) => {
    let max = '';
    for (const r of rows) if (r.updated_at > max) max = r.updated_at;
    return max;
  };
  return [...fake.state.workspaces.values()]
    .map(({ crm, social, planLimit }) => {
      const threads = [...social.threads.values()];
      return [
        planLimit,
        threads.length,
        threads.reduce((n, t) => n + t.messages.length, 0),
        latest(threads.map((t) => t.conv)),
        social.quickReplies.size,
        latest(social.quickReplies.values()),
        social.validInviteLinks.size,
        crm.leads.size,
        latest(crm.leads.values()),
        crm.customers.size,
        latest(crm.customers.values()),
        crm.contacts.size,
        crm.activities.size,
        JSON.stringify(crm.stages),
      ].join('|');
    })
    .join('/');
}

/** For a describe block of tests that change nothing: one fresh seed, verified unchanged after each. */
export function shareOneSeed(fake: Fake): void {
  let before = '';
  beforeAll(() => {
    fake.reset();
    before = storeFingerprint(fake);
  });
  afterEach(() => expect(storeFingerprint(fake), 'a test of this block changed the store').toBe(before));
}

/** For a describe block of tests that change the store (with `useFakeServer({ resetAfterEach: false })`). */
export function resetAfterEachTest(fake: Fake): void {
  afterEach(() => fake.reset());
}
