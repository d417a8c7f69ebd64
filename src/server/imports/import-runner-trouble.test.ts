import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../upstream/upstream-error';
import { lead } from '../testing/live-records';
import { seedWorkspace } from '../testing/workspace-seed';
import {
  advanceClock,
  calls,
  clock,
  faults,
  jobOf,
  LOST,
  madeUnseen,
  heldCustomers,
  heldLeads,
  workspace,
  outcomes,
  repo,
  runToEnd,
  runner,
  slept,
  setUpImportHarness,
} from '../testing/import-harness';

// The runner when the CRM is in the way: a rate limit waited out (or cut short by a pause), calls
// spaced to the configured rate, an outage or a plan limit pausing the job, a resume going on
// where it stopped, a crashed runner's job taken over without creating a row twice.

setUpImportHarness();

describe('an import that meets trouble', () => {
  it('waits out a rate limit for as long as it is told, then goes on', async () => {
    faults.push(new UpstreamError('rate-limited', 'leads.create', 'limit', 429, 25_000));
    const job = await runToEnd(runner(), await jobOf('leads', [{ name: 'One' }]));
    expect(job.counts.created).toBe(1);
    expect(slept.reduce((a, b) => a + b, 0)).toBe(25_000);
  });

  it('ends a long rate-limit wait within a slice when the job is paused meanwhile', async () => {
    faults.push(new UpstreamError('rate-limited', 'leads.create', 'limit', 429, 60_000));
    const id = await jobOf('leads', [{ name: 'One' }]);
    const r = runner({
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
  });

  it('spaces its calls to the configured rate', async () => {
    const job = await runToEnd(
      runner({ callsPerSecond: 4 }),
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
    const paused = await runToEnd(runner(), id);
    expect(paused).toMatchObject({ state: 'paused', counts: { created: 1, pending: 2 } });
    expect(paused.pausedReason).toMatch(/^The CRM is not answering .*resume when it is back\.$/);
    const resumed = await runToEnd(runner(), id);
    expect(resumed).toMatchObject({ state: 'done', pausedReason: null, counts: { created: 3, pending: 0 } });
    expect((await heldLeads()).map((l) => l.name).sort()).toEqual(['A', 'B', 'C', 'Old Ana']);
  });

  it('pauses at once on a plan limit, saying so', async () => {
    faults.push(
      new UpstreamError('http', 'leads.create', 'x', 403, null, ['Plan limit reached: monthly contacts']),
    );
    const job = await runToEnd(runner(), await jobOf('leads', [{ name: 'A' }]));
    expect(job).toMatchObject({ state: 'paused', counts: { pending: 1 } });
    expect(job.pausedReason).toBe('The CRM refused the import: Plan limit reached: monthly contacts');
  });

  it('does not create twice a row whose answer was lost when the runner stopped', async () => {
    const id = await jobOf('leads', [{ name: 'Lost answer', email: 'lost@example.com' }], 'create');
    // A runner claimed the job, sent the row, and died before writing the outcome.
    await repo.claim(id, new Date(clock), new Date(clock - 60_000));
    await repo.markAttempted(id, 2);
    const made = lead(900, {
      name: 'Lost answer',
      email: 'lost@example.com',
      created_at: new Date(clock + 1).toISOString(),
    });
    await seedWorkspace(workspace.db, { leads: [made] });
    advanceClock(120_000);
    const r = runner();
    await r.adoptOrphans();
    await r.settled(id);
    const job = (await repo.get(id))!;
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
    const job = await runToEnd(runner({ lostAnswer: { graceMs: 1_000, lookupEveryMs: 100 } }), id);
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
    const job = await runToEnd(runner({ lostAnswer: { graceMs: 1_000, lookupEveryMs: 250 } }), id);
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
    await repo.claim(id, new Date(clock), new Date(clock - 60_000));
    await repo.markAttempted(id, 2);
    // The dead runner's create reached the CRM; the sync has not read it back yet.
    const made = lead(901, {
      name: 'Made unseen',
      email: 'unseen@example.com',
      created_at: new Date(clock + 1).toISOString(),
    });
    madeUnseen(made);
    advanceClock(120_000);
    const r = runner();
    await r.adoptOrphans();
    await r.settled(id);
    expect((await repo.get(id))!).toMatchObject({ state: 'done', counts: { created: 1 } });
    expect(calls.map((c) => c.id)).toEqual(['leads.list']);
    for await (const row of repo.rows(id)) expect(row.recordId).toBe(made.id);
  });
});
