import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Contact, Customer, Lead, LiveEvent } from '../../contract';
import type { DuplicatePolicy, ImportKind, MappedRow } from '../../contract/imports';
import { checkRows } from '../imports/check-rows';
import { ImportRepository } from '../imports/import-repository';
import { ImportRunner } from '../imports/import-runner';
import { openStore, type TeamStore } from '../store/open-store';
import { ReadModel } from '../sync/read-model';
import { UpstreamError } from '../upstream/upstream-error';
import { contact, customer, lead, stage, uuid } from './live-records';

// The import runner's test harness: a scripted CRM (rows in order, each answer made from the call,
// or the next scripted fault thrown), a read model, the team database in memory, and a clock and
// sleep the tests drive. Its state is exported as live bindings, reset before each test.

let store: TeamStore;
export let repo: ImportRepository;
export let model: ReadModel;
export let clock = 0;
export let slept: number[] = [];
export let calls: { id: string; options: { params?: Record<string, string>; body?: unknown } }[] = [];
/** Errors the next calls throw, in order (undefined: answer normally). */
export let faults: (UpstreamError | typeof LOST | undefined)[] = [];
export let published: LiveEvent[] = [];
let nextId = 100;
/** A fault that lets the call act and then loses its answer: the CRM made the record, the BFF timed out. */
export const LOST = 'lost';
/** What the CRM made whose answer was lost: its lists hold it, the model has not learnt it. */
let unseen: (Lead | Customer | Contact)[] = [];

type CallOptions = { params?: Record<string, string>; body?: unknown };

const crm = {
  async call(id: string, options: CallOptions = {}) {
    calls.push({ id, options });
    const fault = faults.shift();
    if (fault instanceof UpstreamError) throw fault;
    const answer = answerOf(id, options);
    if (fault === LOST) {
      unseen.push(answer as Lead | Customer | Contact);
      throw new UpstreamError('timeout', id, 'The upstream did not answer in time');
    }
    return answer;
  },
};

/** The unseen records of a kind, told apart by the prefix live-records.ts gives its ids. */
/** A record the CRM made whose answer never came (before the test's runner started). */
export function madeUnseen(record: Lead | Customer | Contact): void {
  unseen.push(record);
}

const unseenOf = <T>(prefix: string, more: (r: T) => boolean = () => true) =>
  (unseen.filter((r) => r.id.startsWith(prefix)) as T[]).filter(more);

function answerOf(id: string, options: CallOptions): unknown {
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
      return contact(nextId++, 1, { ...body, created_at: new Date(clock).toISOString() } as Partial<Contact>);
    case 'contacts.update':
      return { ...model.contact(options.params!.id!)!, ...body };
    case 'contacts.byCustomer':
      return [
        ...model.contactsOf(options.params!.customerId!),
        ...unseenOf<Contact>('c0ac7000', (r) => r.customer_id === options.params!.customerId),
      ];
    // A lost answer is looked up: the CRM holds what the model holds.
    case 'leads.list':
      return {
        data: [...model.leads.values(), ...unseenOf<Lead>('1ead1ead')],
        total: model.leads.size,
        page: 1,
        limit: 100,
        totalPages: 1,
        hasMore: false,
      };
    case 'customers.list':
      return {
        customers: [...model.customers.values(), ...unseenOf<Customer>('c057c057')],
        total: model.customers.size,
        page: 1,
        limit: 100,
        totalPages: 1,
        fields: [],
      };
    default:
      throw new Error(`unexpected call ${id}`);
  }
}

export const runner = (over: Partial<ConstructorParameters<typeof ImportRunner>[0]> = {}) =>
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

export async function jobOf(kind: ImportKind, rows: MappedRow[], duplicates: DuplicatePolicy = 'skip') {
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

export async function runToEnd(r: ImportRunner, id: string) {
  expect(await r.start(id)).toBe(true);
  await r.settled(id);
  return (await repo.get(id))!;
}

export async function outcomes(id: string) {
  const out: string[] = [];
  for await (const row of repo.rows(id))
    out.push(`${row.rowNumber} ${row.outcome}${row.reason ? `: ${row.reason}` : ''}`);
  return out;
}

/** The hooks each test file of the runner calls once: a fresh database, a fresh model and script per test. */
export function setUpImportHarness() {
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
    unseen = [];
    published = [];
    model = new ReadModel();
    model.loaded.add('leads');
    model.loaded.add('customers');
    model.lists.stages = [
      stage(1, 'new', { name: 'New', is_default: true }),
      stage(2, 'won', { name: 'Won' }),
    ];
    model.leads.set(
      lead(1).id,
      lead(1, { name: 'Old Ana', email: 'ana@example.com', phone: '+44 20 7946 0958' }),
    );
  });
}

/** Moves the harness's clock on (the runner reads it through `clock`). */
export function advanceClock(ms: number) {
  clock += ms;
}
