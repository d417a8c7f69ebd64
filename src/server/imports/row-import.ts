import type { Customer, Lead, LiveEvent } from '../../contract';
import {
  checkCustomerRow,
  checkLeadRow,
  type DuplicatePolicy,
  type MappedRow,
  type RowOutcome,
} from '../../contract/imports';
import type { BodyOf, ResponseOf } from '../../contract/routes';
import { findCreated } from '../idempotency/find-created';
import { sameContact, sameCustomer, sameLead, type LookupCreate } from '../idempotency/same-record';
import type { WorkspaceReader } from '../workspace/workspace-reader';
import { DuplicateIndex, type DuplicateMatch } from './duplicate-index';
import type { FindCreated, PacedSender } from './paced-sender';
import { heldIndex, heldLike } from './workspace-duplicates';

// One row of an import, sent: checked against the contract again (the stages may have changed
// since the file was checked), matched against the workspace by email and phone (looked up in its
// tables by those keys, row by row: the runner sends one row at a time anyway), then skipped,
// updated or created as the user chose. Every record the import writes is published at once, so
// the board and the lists show it and the next row finds it as a duplicate.

export interface RowResult {
  readonly outcome: Exclude<RowOutcome, 'pending'>;
  readonly reason: string | null;
  readonly recordId: string | null;
}

export interface RowTools {
  readonly sender: PacedSender;
  readonly workspace: WorkspaceReader;
  readonly publish: (events: LiveEvent[]) => Promise<void>;
  readonly policy: DuplicatePolicy;
  /** When the job was made: a record made since then may be this job's own. */
  readonly since: string;
}

export interface RowInput {
  readonly cells: MappedRow;
  /** A send for this row may have gone out before an interruption. */
  readonly attempted: boolean;
}

const sameAs = (match: DuplicateMatch, what: string, name: string) =>
  `Same ${match.by} as the existing ${what} "${name}"`;

/** A row sent before an interruption may have made its record since the job began: look it up first. */
const maybeSentAt = (row: RowInput, tools: RowTools): number | undefined =>
  row.attempted ? Date.parse(tools.since) : undefined;

/**
 * How a row's lost answer is resolved: the record looked up on the CRM, not taken when this job
 * already made it for another row, nor when the workspace held a record with the same fields as the
 * answer was lost (another's, from before). `held` reads the workspace's records that may be the
 * same (by key or name); it is only read when an answer is lost, which is rare.
 */
function lookupFor<R extends LookupCreate>(
  id: R,
  body: BodyOf<R>,
  made: ReadonlySet<string>,
  held: () => Promise<Iterable<ResponseOf<R>>>,
  same: (body: BodyOf<R>, record: ResponseOf<R>) => boolean,
): FindCreated<R> {
  let before: Set<string> | null = null;
  return async (upstream, since) => {
    // Every record of these routes has an id; the generic answer type cannot say so.
    before ??= new Set(
      [...(await held())]
        .filter((record) => same(body, record))
        .map((record) => (record as { id: string }).id),
    );
    const known = before;
    return findCreated(upstream, id, body, {
      since,
      taken: (recordId) => made.has(recordId) || known.has(recordId),
    });
  };
}

/**
 * The record a row duplicates: the workspace's (its tables, by the row's keys), else one this run
 * made or updated (its answer may not be in the tables yet), with the record itself.
 */
async function duplicateOf<T extends Lead | Customer>(
  tools: RowTools,
  kind: 'leads' | 'customers',
  body: Parameters<DuplicateIndex['find']>[0],
  ours: { readonly index: DuplicateIndex; readonly records: Map<string, T> },
): Promise<{ match: DuplicateMatch | null; existing: T | undefined }> {
  const held = await heldIndex(tools.workspace.db, kind, [body]);
  const inTables = held.index.find(body);
  if (inTables) return { match: inTables, existing: held.records.get(inTables.id) as T | undefined };
  const match = ours.index.find(body);
  return { match, existing: match ? ours.records.get(match.id) : undefined };
}

/** Imports lead rows, each matched against the workspace by email and phone. */
export class LeadRows {
  /** What this run made, so a lost answer of a later row never claims it. */
  private readonly made = new Set<string>();
  /** What this run made or updated, by email and phone. */
  private readonly ours = { index: new DuplicateIndex(), records: new Map<string, Lead>() };

  constructor(private readonly tools: RowTools) {}

  async import(row: RowInput): Promise<RowResult> {
    const { tools } = this;
    const check = checkLeadRow(row.cells, { stages: await tools.workspace.stages() });
    if (!check.ok) return { outcome: 'refused', reason: check.errors.join('; '), recordId: null };
    const body = check.record;
    // After an interruption, the tables may hold the lead the lost answer made: they are read per row.
    const { match, existing } = await duplicateOf(tools, 'leads', body, this.ours);
    if (match && existing && row.attempted && existing.created_at >= tools.since)
      return { outcome: 'created', reason: 'Created before the import was interrupted', recordId: match.id };
    if (match && existing && tools.policy === 'skip')
      return { outcome: 'skipped', reason: sameAs(match, 'lead', existing.name), recordId: match.id };
    if (match && existing && tools.policy === 'update') {
      const lead = await tools.sender.call('leads.update', { params: { id: match.id }, body });
      await this.learn(lead);
      return { outcome: 'updated', reason: sameAs(match, 'lead', existing.name), recordId: lead.id };
    }
    const lead = await tools.sender.create(
      'leads.create',
      body,
      lookupFor('leads.create', body, this.made, () => heldLike(tools.workspace.db, 'leads', body), sameLead),
      maybeSentAt(row, tools),
    );
    this.made.add(lead.id);
    await this.learn(lead);
    return {
      outcome: 'created',
      reason: match ? `${sameAs(match, 'lead', existing?.name ?? '')}; created as asked` : null,
      recordId: lead.id,
    };
  }

  private async learn(lead: Lead): Promise<void> {
    this.ours.index.add(lead);
    this.ours.records.set(lead.id, lead);
    await this.tools.publish([{ type: 'lead.upserted', lead }]);
  }
}

/** Imports customer rows, each with an optional contact at that customer. */
export class CustomerRows {
  /** What this run made, so a lost answer of a later row never claims it. */
  private readonly made = new Set<string>();
  /** What this run made or updated, by email and phone. */
  private readonly ours = { index: new DuplicateIndex(), records: new Map<string, Customer>() };
  private readonly contactsByCustomer = new Map<string, DuplicateIndex>();

  constructor(private readonly tools: RowTools) {}

  async import(row: RowInput): Promise<RowResult> {
    const { tools } = this;
    const check = checkCustomerRow(row.cells);
    if (!check.ok) return { outcome: 'refused', reason: check.errors.join('; '), recordId: null };
    const { customer: body, contact } = check.record;
    if (row.attempted) this.contactsByCustomer.clear();
    const { match, existing } = await duplicateOf(tools, 'customers', body, this.ours);
    const said: string[] = [];
    let outcome: RowResult['outcome'] = 'skipped';
    let customerId: string;
    const oursBefore = row.attempted && existing !== undefined && existing.created_at >= tools.since;
    if (match && existing && (tools.policy === 'skip' || oursBefore)) {
      customerId = match.id;
      said.push(`${sameAs(match, 'customer', existing.name)}: kept as it is`);
    } else if (match && existing && tools.policy === 'update') {
      customerId = (
        await this.learn(await tools.sender.call('customers.update', { params: { id: match.id }, body }))
      ).id;
      said.push(`${sameAs(match, 'customer', existing.name)}: updated`);
      outcome = 'updated';
    } else {
      const created = await tools.sender.create(
        'customers.create',
        body,
        lookupFor(
          'customers.create',
          body,
          this.made,
          () => heldLike(tools.workspace.db, 'customers', body),
          sameCustomer,
        ),
        maybeSentAt(row, tools),
      );
      this.made.add(created.id);
      customerId = (await this.learn(created)).id;
      said.push(
        match ? `${sameAs(match, 'customer', existing?.name ?? '')}: created as asked` : 'Customer created',
      );
      outcome = 'created';
    }
    if (contact) {
      const contacts = await this.contactsOf(customerId, outcome === 'created');
      const same = contacts.find(contact);
      if (same && (tools.policy === 'skip' || oursBefore)) {
        said.push(`contact with the same ${same.by} kept as it is`);
      } else if (same && tools.policy === 'update') {
        const updated = await tools.sender.call('contacts.update', {
          params: { id: same.id },
          body: contact,
        });
        await tools.publish([{ type: 'contact.upserted', contact: updated }]);
        said.push('contact updated');
        if (outcome === 'skipped') outcome = 'updated';
      } else {
        const contactBody = { ...contact, customer_id: customerId };
        const created = await tools.sender.create(
          'contacts.create',
          contactBody,
          lookupFor(
            'contacts.create',
            contactBody,
            this.made,
            () => tools.workspace.contactsOf(customerId),
            sameContact,
          ),
          maybeSentAt(row, tools),
        );
        this.made.add(created.id);
        contacts.add(created);
        await tools.publish([{ type: 'contact.upserted', contact: created }]);
        said.push('contact created');
        if (outcome !== 'created') outcome = outcome === 'updated' ? 'updated' : 'created';
      }
    }
    return { outcome, reason: said.join('; '), recordId: customerId };
  }

  private async learn(customer: Customer): Promise<Customer> {
    this.ours.index.add(customer);
    this.ours.records.set(customer.id, customer);
    await this.tools.publish([{ type: 'customer.upserted', customer }]);
    return customer;
  }

  /** A customer's contacts by email and phone; an existing customer's are read once, paced. */
  private async contactsOf(customerId: string, isNew: boolean): Promise<DuplicateIndex> {
    let index = this.contactsByCustomer.get(customerId);
    if (!index) {
      const held = isNew
        ? []
        : await this.tools.sender.call('contacts.byCustomer', { params: { customerId } });
      index = new DuplicateIndex(held);
      this.contactsByCustomer.set(customerId, index);
    }
    return index;
  }
}
