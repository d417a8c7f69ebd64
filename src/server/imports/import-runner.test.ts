import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../upstream/upstream-error';
import {
  calls,
  clock,
  faults,
  jobOf,
  heldCustomers,
  heldLeads,
  outcomes,
  published,
  repo,
  runToEnd,
  runner,
  slept,
  setLoaded,
  setUpImportHarness,
  workspace,
} from '../testing/import-harness';
import { contact, customer, lead } from '../testing/live-records';
import { seedWorkspace } from '../testing/workspace-seed';

// The runner against a scripted CRM (src/server/testing/import-harness.ts): rows in order,
// duplicates skipped, updated or created as chosen, a row the CRM refuses reported with its
// reason, customers with their contacts. Rate limits, outages and resumption:
// import-runner-trouble.test.ts.

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
    const job = await runToEnd(runner(), id);
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
      runner(),
      await jobOf('leads', [{ name: 'Ana Lima', email: 'ana@example.com' }], 'update'),
    );
    expect(update.counts).toMatchObject({ updated: 1, created: 0 });
    expect((await workspace.lead(lead(1).id))?.name).toBe('Ana Lima');
    const create = await runToEnd(
      runner(),
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
    const job = await runToEnd(runner(), id);
    expect(job.counts).toMatchObject({ refused: 1, created: 1 });
    expect((await outcomes(id))[0]).toBe('2 refused: The CRM refused this row (400): name is taken');
  });

  it('waits for the sync to have read the leads before looking for duplicates', async () => {
    await setLoaded(['customers']);
    const id = await jobOf('leads', [{ name: 'Again', email: 'ana@example.com' }]);
    const r = runner({
      sleep: async (ms) => {
        slept.push(ms);
        await setLoaded(['leads', 'customers']);
      },
    });
    const job = await runToEnd(r, id);
    expect(slept).toEqual([1000]);
    expect(job.counts).toMatchObject({ skipped: 1, created: 0 });
  });

  it('never starts a cancelled job', async () => {
    const id = await jobOf('leads', [{ name: 'A' }, { name: 'B' }]);
    await repo.setState(id, 'cancelled', new Date(clock), { from: ['ready'] });
    expect(await runner().start(id)).toBe(false);
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
    const job = await runToEnd(runner(), id);
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
