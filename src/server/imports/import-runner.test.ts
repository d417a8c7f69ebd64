import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Contact, Customer, Lead, LiveEvent } from '../../contract';
import type { DuplicatePolicy, ImportKind, MappedRow } from '../../contract/imports';
import { openStore, type TeamStore } from '../store/open-store';
import { ReadModel } from '../sync/read-model';
import { contact, customer, lead, stage, uuid } from '../testing/live-records';
import { UpstreamError } from '../upstream/upstream-error';
import { checkRows } from './check-rows';
import { ImportRepository } from './import-repository';
import { ImportRunner } from './import-runner';

// The runner against a scripted CRM: rows in order, duplicates skipped, updated or created as
// chosen, a row the CRM refuses reported with its reason, a rate limit waited out, an outage or
// a plan limit pausing the job, a resume going on where it stopped, a crashed runner taken over.

let store: TeamStore;
let repo: ImportRepository;
let model: ReadModel;
let clock = 0;
let slept: number[] = [];
let calls: { id: string; options: { params?: Record<string, string>; body?: unknown } }[] = [];
/** Errors the next calls throw, in order (undefined: answer normally). */
let faults: (UpstreamError | undefined)[] = [];
let published: LiveEvent[] = [];
let nextId = 100;

const crm = {
  async call(id: string, options: { params?: Record<string, string>; body?: unknown } = {}) {
    calls.push({ id, options });
    const fault = faults.shift();
    if (fault) throw fault;
    const body = options.body as Record<string, unknown>;
    switch (id) {
      case 'leads.create':
        return lead(nextId++, { ...body, created_at: new Date(clock).toISOString() } as Partial<Lead>);
      case 'leads.update':
        return { ...model.lead(options.params!.id!)!, ...body };
      case 'customers.create':
        return customer(nextId++, {
          ...body,
          created_at: new Date(clock).toISOString(),
        } as Partial<Customer>);
      case 'customers.update':
        return { ...model.customer(options.params!.id!)!, ...body };
      case 'contacts.create':
        return contact(nextId++, 1, body as Partial<Contact>);
      case 'contacts.update':
        return { ...model.contact(options.params!.id!)!, ...body };
      case 'contacts.byCustomer':
        return model.contactsOf(options.params!.customerId!);
      default:
        throw new Error(`unexpected call ${id}`);
    }
  },
};

const runner = (over: Partial<ConstructorParameters<typeof ImportRunner>[0]> = {}) =>
  new ImportRunner({
    repository: repo,
    upstream: crm as never,
    model,
    publish: async (events) => {
      published.push(...events);
      for (const event of events) {
        if (event.type === 'lead.upserted') model.leads.set(event.lead.id, event.lead);
        if (event.type === 'customer.upserted') model.customers.set(event.customer.id, event.customer);
        if (event.type === 'contact.upserted') model.contacts.set(event.contact.id, event.contact);
      }
    },
    log: pino({ level: 'silent' }),
    clock: () => clock,
    callsPerSecond: 0,
    sleep: async (ms) => {
      slept.push(ms);
      clock += ms;
    },
    retryDelaysMs: [10, 20],
    ...over,
  });

async function jobOf(kind: ImportKind, rows: MappedRow[], duplicates: DuplicatePolicy = 'skip') {
  const checked = checkRows(kind, rows, model);
  const id = uuid(nextId++, 'eeeeeeee');
  await repo.create(
    {
      id,
      kind,
      duplicates,
      fileName: 'file.csv',
      createdBy: 'manager',
      duplicatesFound: checked.duplicatesFound,
      at: new Date(clock),
    },
    checked.rows,
  );
  return id;
}

async function runToEnd(r: ImportRunner, id: string) {
  expect(await r.start(id)).toBe(true);
  await r.settled(id);
  return (await repo.get(id))!;
}

async function outcomes(id: string) {
  const out: string[] = [];
  for await (const row of repo.rows(id))
    out.push(`${row.rowNumber} ${row.outcome}${row.reason ? `: ${row.reason}` : ''}`);
  return out;
}

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  repo = new ImportRepository(store.db);
});
afterAll(() => store.close());
beforeEach(() => {
  clock = Date.parse('2026-05-01T10:00:00Z');
  slept = [];
  calls = [];
  faults = [];
  published = [];
  model = new ReadModel();
  model.loaded.add('leads');
  model.loaded.add('customers');
  model.lists.stages = [stage(1, 'new', { name: 'New', is_default: true }), stage(2, 'won', { name: 'Won' })];
  model.leads.set(
    lead(1).id,
    lead(1, { name: 'Old Ana', email: 'ana@example.com', phone: '+44 20 7946 0958' }),
  );
});

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
    expect(model.lead(lead(1).id)?.name).toBe('Ana Lima');
    const create = await runToEnd(
      runner(),
      await jobOf('leads', [{ name: 'Ana 2', email: 'ana@example.com' }], 'create'),
    );
    expect(create.counts).toMatchObject({ created: 1 });
    expect([...model.leads.values()].filter((l) => l.email === 'ana@example.com')).toHaveLength(2);
  });

  it("reports a row the CRM refuses with the CRM's reason and goes on", async () => {
    faults = [
      new UpstreamError('http', 'leads.create', 'The upstream answered 400', 400, null, ['name is taken']),
    ];
    const id = await jobOf('leads', [{ name: 'One' }, { name: 'Two' }]);
    const job = await runToEnd(runner(), id);
    expect(job.counts).toMatchObject({ refused: 1, created: 1 });
    expect((await outcomes(id))[0]).toBe('2 refused: The CRM refused this row (400): name is taken');
  });

  it('waits out a rate limit for as long as it is told, then goes on', async () => {
    faults = [new UpstreamError('rate-limited', 'leads.create', 'limit', 429, 25_000)];
    const job = await runToEnd(runner(), await jobOf('leads', [{ name: 'One' }]));
    expect(job.counts.created).toBe(1);
    expect(slept.reduce((a, b) => a + b, 0)).toBe(25_000);
  });

  it('ends a long rate-limit wait within a slice when the job is paused meanwhile', async () => {
    faults = [new UpstreamError('rate-limited', 'leads.create', 'limit', 429, 60_000)];
    const id = await jobOf('leads', [{ name: 'One' }]);
    const r = runner({
      sleep: async (ms) => {
        slept.push(ms);
        clock += ms;
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
    faults = [undefined, outage(), outage(), outage()];
    const paused = await runToEnd(runner(), id);
    expect(paused).toMatchObject({ state: 'paused', counts: { created: 1, pending: 2 } });
    expect(paused.pausedReason).toMatch(/^The CRM is not answering .*resume when it is back\.$/);
    const resumed = await runToEnd(runner(), id);
    expect(resumed).toMatchObject({ state: 'done', pausedReason: null, counts: { created: 3, pending: 0 } });
    expect([...model.leads.values()].map((l) => l.name).sort()).toEqual(['A', 'B', 'C', 'Old Ana']);
  });

  it('pauses at once on a plan limit, saying so', async () => {
    faults = [
      new UpstreamError('http', 'leads.create', 'x', 403, null, ['Plan limit reached: monthly contacts']),
    ];
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
    model.leads.set(made.id, made);
    clock += 120_000;
    const r = runner();
    await r.adoptOrphans();
    await r.settled(id);
    const job = (await repo.get(id))!;
    expect(job).toMatchObject({ state: 'done', counts: { created: 1 } });
    expect(calls).toHaveLength(0);
    expect(await outcomes(id)).toEqual(['2 created: Created before the import was interrupted']);
  });

  it('waits for the sync to have read the leads before looking for duplicates', async () => {
    model.loaded.delete('leads');
    const id = await jobOf('leads', [{ name: 'Again', email: 'ana@example.com' }]);
    const r = runner({
      sleep: async (ms) => {
        slept.push(ms);
        model.loaded.add('leads');
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
    model.customers.set(customer(1).id, customer(1, { name: 'Globex', email: 'hq@globex.example' }));
    model.contacts.set(contact(1, 1).id, contact(1, 1, { first_name: 'Hank', email: 'hank@globex.example' }));
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
    const initech = [...model.customers.values()].find((c) => c.name === 'Initech')!;
    expect(calls[2]!.options.body).toMatchObject({ customer_id: initech.id, first_name: 'Peter' });
    expect((await outcomes(id))[2]).toBe(
      '4 skipped: Same email as the existing customer "Globex": kept as it is; contact with the same email kept as it is',
    );
  });
});
