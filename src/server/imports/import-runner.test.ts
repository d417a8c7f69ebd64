import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../upstream/upstream-error';
import {
  calls,
  clock,
  faults,
  jobOf,
  heldCustomers,
  heldLeads,
  made,
  mostAtOnce,
  outcomes,
  published,
  repo,
  runToEnd,
  runner,
  settle,
  setLoaded,
  setUpImportHarness,
  slicesOf,
  stopInstance,
  until,
  workspace,
} from '../testing/import-harness';
import { contact, customer, lead } from '../testing/live-records';
import { seedWorkspace } from '../testing/workspace-seed';

// The runner against a scripted CRM (src/server/testing/import-harness.ts), on the job queue in the
// test's database: rows in order, duplicates skipped, updated or created as chosen, a row the CRM
// refuses reported with its reason, customers with their contacts; a long import in slices, paused
// and resumed, cancelled, and finished by another instance when the first stops. Rate limits,
// outages and resumption: import-runner-trouble.test.ts.

setUpImportHarness();

describe('importing leads', () => {
  it('creates new rows, skips duplicates by email or phone, refuses bad rows, in file order', async () => {
    const id = await jobOf('leads', [
      { name: 'Bea', email: 'bea@example.com', status: 'Won' },
      { name: 'Ana again', email: 'ANA@example.com' },
      { name: 'Ana by phone', phone: '020 7946 0958' },
      { name: 'Broken', email: 'nope' },
      { name: '', email: '' },
      { name: 'Bea twice', email: 'bea@example.com' },
    ]);
    expect((await repo.get(id))!).toMatchObject({ state: 'ready', duplicatesFound: 3 });
    expect(calls).toHaveLength(0);
    const job = await runToEnd(await runner(), id);
    expect(job).toMatchObject({
      state: 'done',
      counts: { pending: 0, created: 1, updated: 0, skipped: 4, refused: 1 },
    });
    expect(await outcomes(id)).toEqual([
      '2 created',
      '3 skipped: Same email as the existing lead "Old Ana"',
      '4 skipped: Same phone as the existing lead "Old Ana"',
      '5 refused: email must be an email',
      '6 skipped: Empty row',
      '7 skipped: Same email as the existing lead "Bea"',
    ]);
    expect(calls.map((c) => c.id)).toEqual(['leads.create']);
    expect(calls[0]!.options.body).toEqual({ name: 'Bea', email: 'bea@example.com', status: 'won' });
    expect(published.map((e) => e.type)).toEqual(['lead.upserted']);
  });

  it('updates the existing lead, or creates another, when asked', async () => {
    const update = await runToEnd(
      await runner(),
      await jobOf('leads', [{ name: 'Ana Lima', email: 'ana@example.com' }], 'update'),
    );
    expect(update.counts).toMatchObject({ updated: 1, created: 0 });
    expect((await workspace.lead(lead(1).id))?.name).toBe('Ana Lima');
    const create = await runToEnd(
      await runner(),
      await jobOf('leads', [{ name: 'Ana 2', email: 'ana@example.com' }], 'create'),
    );
    expect(create.counts).toMatchObject({ created: 1 });
    expect((await heldLeads()).filter((l) => l.email === 'ana@example.com')).toHaveLength(2);
  });

  it("reports a row the CRM refuses with the CRM's reason and goes on", async () => {
    faults.push(
      new UpstreamError('http', 'leads.create', 'The upstream answered 400', 400, null, ['name is taken']),
    );
    const id = await jobOf('leads', [{ name: 'One' }, { name: 'Two' }]);
    const job = await runToEnd(await runner(), id);
    expect(job.counts).toMatchObject({ refused: 1, created: 1 });
    expect((await outcomes(id))[0]).toBe('2 refused: The CRM refused this row (400): name is taken');
  });

  it('waits for the sync to have read the leads before looking for duplicates', async () => {
    await setLoaded(['customers']);
    const id = await jobOf('leads', [{ name: 'Again', email: 'ana@example.com' }]);
    const r = await runner();
    expect(await r.start(id)).toBe(true);
    // The first slice finds the leads not read yet: it sends nothing and queues itself again.
    await until(async () => (await slicesOf(id)).length >= 2);
    expect(calls).toHaveLength(0);
    expect((await repo.get(id))!).toMatchObject({ state: 'running', counts: { pending: 1 } });
    const again = (await slicesOf(id))[1]!;
    expect(again.delayMs).toBeGreaterThanOrEqual(900);
    await setLoaded(['leads', 'customers']);
    const job = await settle(r, id);
    expect(job.counts).toMatchObject({ skipped: 1, created: 0 });
  });

  it('never starts a cancelled job', async () => {
    const id = await jobOf('leads', [{ name: 'A' }, { name: 'B' }]);
    await repo.setState(id, 'cancelled', new Date(clock), { from: ['ready'] });
    expect(await (await runner()).start(id)).toBe(false);
    expect(await slicesOf(id)).toEqual([]);
    expect(calls).toHaveLength(0);
  });
});

describe('importing customers with contacts', () => {
  it('makes the customer once and puts each row’s contact at it', async () => {
    await seedWorkspace(workspace.db, {
      customers: [customer(1, { name: 'Globex', email: 'hq@globex.example' })],
      contacts: [contact(1, 1, { first_name: 'Hank', email: 'hank@globex.example' })],
    });
    const id = await jobOf('customers', [
      { name: 'Initech', email: 'info@initech.example', contact_first_name: 'Bill' },
      {
        name: 'Initech',
        email: 'info@initech.example',
        contact_first_name: 'Peter',
        contact_email: 'peter@initech.example',
      },
      {
        name: 'Globex',
        email: 'hq@globex.example',
        contact_first_name: 'Hank',
        contact_email: 'hank@globex.example',
      },
      { name: 'Globex', email: 'hq@globex.example', contact_first_name: 'Mindy' },
    ]);
    const job = await runToEnd(await runner(), id);
    expect(job).toMatchObject({ state: 'done', counts: { created: 3, skipped: 1, refused: 0 } });
    expect(calls.map((c) => c.id)).toEqual([
      'customers.create',
      'contacts.create',
      'contacts.create',
      'contacts.byCustomer',
      'contacts.create',
    ]);
    const initech = (await heldCustomers()).find((c) => c.name === 'Initech')!;
    expect(calls[2]!.options.body).toMatchObject({ customer_id: initech.id, first_name: 'Peter' });
    expect((await outcomes(id))[2]).toBe(
      '4 skipped: Same email as the existing customer "Globex": kept as it is; contact with the same email kept as it is',
    );
  });
});

const leadRows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ name: `Row ${i + 1}`, email: `row${i + 1}@example.com` }));
const createdNames = () =>
  calls.filter((c) => c.id === 'leads.create').map((c) => (c.options.body as { name: string }).name);
const countOf = async (id: string) => (await repo.get(id))!.counts;

describe('a long import, a slice at a time', () => {
  it('sends a few hundred rows over several slices, each row once and in file order', async () => {
    const rows = leadRows(240);
    const id = await jobOf('leads', rows);
    const job = await runToEnd(await runner({ slice: { rows: 50 } }), id);
    expect(job).toMatchObject({ state: 'done', counts: { created: 240, pending: 0 } });
    expect(createdNames()).toEqual(rows.map((r) => r.name));
    expect(made).toHaveLength(240);
    const slices = await slicesOf(id);
    expect(slices.map((s) => s.data.slice)).toEqual([1, 2, 3, 4, 5]);
    expect(slices.every((s) => s.state === 'completed')).toBe(true);
  });

  it('stops after a pause, queues nothing more, and goes on at the next row when resumed', async () => {
    const rows = leadRows(60);
    const id = await jobOf('leads', rows);
    const r = await runner({ slice: { rows: 10 } });
    expect(await r.start(id)).toBe(true);
    await until(async () => (await countOf(id)).created >= 15);
    expect(await repo.setState(id, 'paused', new Date(clock), { from: ['running'], reason: 'Paused' })).toBe(
      true,
    );
    await r.settled(id);
    // A slice queued just before the pause runs, finds the import paused and ends.
    await until(async () => (await slicesOf(id)).every((s) => s.state === 'completed'));
    const paused = (await repo.get(id))!;
    expect(paused).toMatchObject({ state: 'paused', pausedReason: 'Paused' });
    expect(paused.counts.created).toBeLessThan(60);
    expect(createdNames()).toHaveLength(paused.counts.created);
    const resumed = await runToEnd(r, id);
    expect(resumed).toMatchObject({ state: 'done', pausedReason: null, counts: { created: 60 } });
    expect(createdNames()).toEqual(rows.map((row) => row.name));
  });

  it('stops for good when cancelled, the rows done staying done', async () => {
    const id = await jobOf('leads', leadRows(60));
    const r = await runner({ slice: { rows: 10 } });
    expect(await r.start(id)).toBe(true);
    await until(async () => (await countOf(id)).created >= 15);
    expect(await repo.setState(id, 'cancelled', new Date(clock), { from: ['running'] })).toBe(true);
    await r.settled(id);
    await until(async () => (await slicesOf(id)).every((s) => s.state === 'completed'));
    const cancelled = (await repo.get(id))!;
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.counts.created + cancelled.counts.pending).toBe(60);
    expect(createdNames()).toHaveLength(cancelled.counts.created);
    expect(await r.start(id)).toBe(false);
  });

  it('is finished by another instance when the one running it stops, every row sent once', async () => {
    const rows = leadRows(300);
    const id = await jobOf('leads', rows);
    // Two instances work the queue, each slice on one of them.
    const first = await runner({ slice: { rows: 20 } });
    const second = await runner({ slice: { rows: 20 } });
    expect(await first.start(id)).toBe(true);
    await until(async () => (await countOf(id)).created >= 50);
    await stopInstance(first);
    const atStop = (await countOf(id)).created;
    expect(atStop).toBeLessThan(300);
    const job = await settle(second, id);
    expect(job).toMatchObject({ state: 'done', counts: { created: 300, pending: 0 } });
    // Neither a row twice nor one missing, in file order: one slice sent at a time.
    expect(createdNames()).toEqual(rows.map((r) => r.name));
    expect(made).toHaveLength(300);
    expect(mostAtOnce).toBe(1);
  });
});
