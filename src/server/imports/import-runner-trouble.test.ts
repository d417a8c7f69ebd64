import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../upstream/upstream-error';
import { lead } from '../testing/live-records';
import { seedWorkspace } from '../testing/workspace-seed';
import {
  advanceClock,
  calls,
  clock,
  faults,
  holdNext,
  jobOf,
  LOST,
  made,
  madeUnseen,
  mostAtOnce,
  heldCustomers,
  heldLeads,
  workspace,
  outcomes,
  repo,
  runToEnd,
  runner,
  settle,
  slept,
  slicesOf,
  setUpImportHarness,
  stopQueueOf,
  timingOut,
  until,
} from '../testing/import-harness';

// The runner when the CRM is in the way: a rate limit waited out (or cut short by a pause, or
// handed to the queue when it outlasts the slice), calls spaced to the configured rate, an outage
// or a plan limit pausing the job, a resume going on where it stopped, a slice run again after its
// instance died (or beside a resumed one) without creating a row twice.

setUpImportHarness();

describe('an import that meets trouble', () => {
  it('waits out a rate limit for as long as it is told, then goes on', async () => {
    faults.push(new UpstreamError('rate-limited', 'leads.create', 'limit', 429, 25_000));
    const job = await runToEnd(await runner(), await jobOf('leads', [{ name: 'One' }]));
    expect(job.counts.created).toBe(1);
    expect(slept.reduce((a, b) => a + b, 0)).toBe(25_000);
  });

  it('ends a long rate-limit wait within a piece of it when the job is paused meanwhile', async () => {
    faults.push(new UpstreamError('rate-limited', 'leads.create', 'limit', 429, 30_000));
    const id = await jobOf('leads', [{ name: 'One' }]);
    const r = await runner({
      sleep: async (ms) => {
        slept.push(ms);
        advanceClock(ms);
        await repo.setState(id, 'paused', new Date(clock), { from: ['running'], reason: 'Paused by Marco' });
      },
    });
    const job = await runToEnd(r, id);
    expect(slept).toEqual([2_000]);
    expect(job).toMatchObject({ state: 'paused', pausedReason: 'Paused by Marco', counts: { pending: 1 } });
    expect(calls).toHaveLength(1);
    expect((await slicesOf(id)).map((s) => s.state)).toEqual(['completed']);
  });

  it('leaves a wait longer than the slice has left to the queue, and goes on after it', async () => {
    faults.push(new UpstreamError('rate-limited', 'leads.create', 'limit', 429, 1_500));
    const id = await jobOf('leads', [{ name: 'One' }, { name: 'Two' }]);
    const job = await runToEnd(await runner({ slice: { hardMs: 1_000 } }), id);
    expect(job).toMatchObject({ state: 'done', counts: { created: 2 } });
    // Not waited in the slice: the next slice was queued for the end of the wait.
    expect(slept).toEqual([]);
    const slices = await slicesOf(id);
    expect(slices).toHaveLength(2);
    expect(slices[1]!.delayMs).toBeGreaterThanOrEqual(1_400);
    // The row sent before is looked up first (the 429 made nothing), then sent once.
    expect(calls.map((c) => c.id)).toEqual(['leads.create', 'leads.list', 'leads.create', 'leads.create']);
    expect(made).toEqual(['One', 'Two']);
  });

  it('spaces its calls to the configured rate', async () => {
    const job = await runToEnd(
      await runner({ callsPerSecond: 4 }),
      await jobOf('leads', [{ name: 'A' }, { name: 'B' }, { name: 'C' }]),
    );
    expect(job.counts.created).toBe(3);
    expect(slept).toEqual([250, 250]);
  });

  it('pauses on an outage with the reason, keeps what was done, and resumes at the next row', async () => {
    const id = await jobOf('leads', [{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
    const outage = () =>
      new UpstreamError('unreachable', 'leads.create', 'The upstream could not be reached');
    faults.push(undefined, outage(), outage(), outage());
    const paused = await runToEnd(await runner(), id);
    expect(paused).toMatchObject({ state: 'paused', counts: { created: 1, pending: 2 } });
    expect(paused.pausedReason).toMatch(/^The CRM is not answering .*resume when it is back\.$/);
    const resumed = await runToEnd(await runner(), id);
    expect(resumed).toMatchObject({ state: 'done', pausedReason: null, counts: { created: 3, pending: 0 } });
    expect((await heldLeads()).map((l) => l.name).sort()).toEqual(['A', 'B', 'C', 'Old Ana']);
  });

  it('pauses at once on a plan limit, saying so', async () => {
    faults.push(
      new UpstreamError('http', 'leads.create', 'x', 403, null, ['Plan limit reached: monthly contacts']),
    );
    const job = await runToEnd(await runner(), await jobOf('leads', [{ name: 'A' }]));
    expect(job).toMatchObject({ state: 'paused', counts: { pending: 1 } });
    expect(job.pausedReason).toBe('The CRM refused the import: Plan limit reached: monthly contacts');
  });

  it('does not create twice a row whose answer was lost when the runner stopped', async () => {
    const id = await jobOf('leads', [{ name: 'Lost answer', email: 'lost@example.com' }], 'create');
    // A slice sent the row and died before writing the outcome; the row is run again.
    await repo.markAttempted(id, 2);
    const made = lead(900, {
      name: 'Lost answer',
      email: 'lost@example.com',
      created_at: new Date(clock + 1).toISOString(),
    });
    await seedWorkspace(workspace.db, { leads: [made] });
    advanceClock(120_000);
    const job = await runToEnd(await runner(), id);
    expect(job).toMatchObject({ state: 'done', counts: { created: 1 } });
    expect(calls).toHaveLength(0);
    expect(await outcomes(id)).toEqual(['2 created: Created before the import was interrupted']);
  });

  it('finds a customer and a contact whose answers were lost to the timeout, making each once', async () => {
    const id = await jobOf(
      'customers',
      [
        {
          name: 'Lost Co',
          email: 'info@lost.example',
          contact_first_name: 'Lia',
          contact_email: 'lia@lost.example',
        },
      ],
      'create',
    );
    // The CRM makes the customer, then the contact, but neither answer reaches the BFF.
    faults.push(LOST, undefined, LOST);
    const job = await runToEnd(await runner({ lostAnswer: { graceMs: 1_000, lookupEveryMs: 100 } }), id);
    expect(job).toMatchObject({ state: 'done', counts: { created: 1, refused: 0 } });
    expect(calls.map((c) => c.id)).toEqual([
      'customers.create',
      'customers.list',
      'contacts.create',
      'contacts.byCustomer',
    ]);
    const [made] = (await heldCustomers()).filter((c) => c.name === 'Lost Co');
    const [row] = await outcomes(id);
    expect(row).toBe('2 created: Customer created; contact created');
    expect((await workspace.contactsOf(made!.id)).map((c) => c.first_name)).toEqual(['Lia']);
  });

  it('sends a lead again only when the lookup still misses it after the grace', async () => {
    const id = await jobOf('leads', [{ name: 'Never made', email: 'never@example.com' }], 'create');
    // The call times out without the CRM making anything.
    faults.push(new UpstreamError('timeout', 'leads.create', 'The upstream did not answer in time'));
    const job = await runToEnd(await runner({ lostAnswer: { graceMs: 1_000, lookupEveryMs: 250 } }), id);
    expect(job).toMatchObject({ state: 'done', counts: { created: 1 } });
    const ids = calls.map((c) => c.id);
    expect(ids[0]).toBe('leads.create');
    expect(ids.at(-1)).toBe('leads.create');
    expect(ids.filter((c) => c === 'leads.create')).toHaveLength(2);
    expect(ids.filter((c) => c === 'leads.list').length).toBeGreaterThanOrEqual(4);
    expect((await heldLeads()).filter((l) => l.name === 'Never made')).toHaveLength(1);
  });

  it('after a crash, finds on the CRM a row the workspace has not learnt yet, instead of sending it again', async () => {
    const id = await jobOf('leads', [{ name: 'Made unseen', email: 'unseen@example.com' }], 'create');
    await repo.markAttempted(id, 2);
    // The dead runner's create reached the CRM; the sync has not read it back yet.
    const made = lead(901, {
      name: 'Made unseen',
      email: 'unseen@example.com',
      created_at: new Date(clock + 1).toISOString(),
    });
    madeUnseen(made);
    advanceClock(120_000);
    expect(await runToEnd(await runner(), id)).toMatchObject({ state: 'done', counts: { created: 1 } });
    expect(calls.map((c) => c.id)).toEqual(['leads.list']);
    for await (const row of repo.rows(id)) expect(row.recordId).toBe(made.id);
  });
});

describe('slices run again or side by side', () => {
  it('counts lost answers across slices and pauses after the third, never sending within a grace', async () => {
    // Every create times out without the CRM making anything; each grace outlasts the slice.
    timingOut.add('leads.create');
    const id = await jobOf('leads', [{ name: 'Never confirmed', email: 'never@example.com' }], 'create');
    const r = await runner({ slice: { hardMs: 500 }, lostAnswer: { graceMs: 1_000, lookupEveryMs: 250 } });
    const job = await runToEnd(r, id);
    expect(job).toMatchObject({ state: 'paused', counts: { pending: 1 } });
    expect(job.pausedReason).toBe(
      'The CRM did not confirm a record it was sent, and it is not there yet; resume to look again.',
    );
    expect(calls.filter((c) => c.id === 'leads.create')).toHaveLength(3);
    // Each slice handed the row on with its lost sends, queued for the end of the grace.
    const slices = await slicesOf(id);
    expect(slices.map((s) => s.data.lost?.sends ?? 0)).toEqual([0, 1, 2, 3]);
    for (const handedOn of slices.slice(1)) expect(handedOn.delayMs).toBeGreaterThanOrEqual(400);
  });

  it('runs again on another instance a slice whose instance got stuck in a row, creating nothing twice', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ name: `Row ${i + 1}` }));
    const id = await jobOf('leads', rows, 'create');
    const stuck = await runner({ slice: { rows: 10 } });
    expect(await stuck.start(id)).toBe(true);
    await until(async () => (await repo.get(id))!.counts.created >= 10);
    // A later row's create never gets to the CRM: the instance hangs there, the row marked attempted.
    const hold = holdNext('leads.create');
    await hold.reached;
    const other = await runner({ slice: { rows: 10 } });
    // Its queue gives up on the slice (as it would find a dead instance's slice expired): run again.
    await stopQueueOf(stuck, 1_000);
    const job = await settle(other, id);
    expect(job).toMatchObject({ state: 'done', counts: { created: 30, pending: 0 } });
    expect(made).toEqual(rows.map((r) => r.name));
    // The stuck instance wakes to find the import done, and sends nothing more.
    hold.release(new UpstreamError('unreachable', 'leads.create', 'The upstream could not be reached'));
    await stuck.settled(id);
    expect(made).toHaveLength(30);
  });

  it('lets a resumed import wait for the slice still finishing its row elsewhere', async () => {
    const rows = [{ name: 'A' }, { name: 'B' }, { name: 'C' }];
    const id = await jobOf('leads', rows, 'create');
    const first = await runner();
    const hold = holdNext('leads.create');
    expect(await first.start(id)).toBe(true);
    await hold.reached;
    // Paused and resumed on another instance while the first is still in its row's call.
    await repo.setState(id, 'paused', new Date(clock), { from: ['running'], reason: 'Paused' });
    const second = await runner();
    expect(await second.start(id)).toBe(true);
    // The resume's slice finds the first one running and waits its turn, sending nothing.
    await until(async () => (await slicesOf(id)).some((s) => s.data.slice === 2));
    expect(calls.filter((c) => c.id === 'leads.create')).toHaveLength(1);
    hold.release();
    const job = await settle(second, id);
    await first.settled(id);
    expect(job).toMatchObject({ state: 'done', counts: { created: 3 } });
    expect(made).toEqual(['A', 'B', 'C']);
    expect(mostAtOnce).toBe(1);
  });
});
