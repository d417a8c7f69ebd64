import type { FastifyBaseLogger } from 'fastify';
import { UpstreamError } from '../upstream/upstream-error';
import { diffRecords, heldIds, RECORD_KINDS } from './diff-records';
import type { ReadModel } from './read-model';
import type { Outgoing } from './diff-records';
import type { SyncReader } from './sync-context';

// What a screen needs that the paced sweeps have not read yet, read once when a page asks for it
// and published to every instance's model like a sweep's read (no browser events: it is a load).
// A customer's contacts are swept one customer at a time, so a customer's page may be opened
// before its contacts were read; the page then costs one upstream call, once for everyone, instead
// of an answer without them. Concurrent asks for the same record share one read.

export class ReadThrough {
  private readonly inflight = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: {
      readonly reader: SyncReader;
      readonly model: ReadModel;
      readonly publish: (out: readonly Outgoing[]) => Promise<void>;
      readonly clock: () => number;
      readonly log: FastifyBaseLogger;
    },
  ) {}

  /** A customer's whole contact list, unless the model has read it already. */
  contactsOf(customerId: string): Promise<void> {
    const { model } = this.deps;
    if (model.contactListsRead.has(customerId)) return Promise.resolve();
    return this.once(`contacts:${customerId}`, async () => {
      const startedAt = this.deps.clock();
      const heldAtStart = heldIds(model, RECORD_KINDS.contact, (c) => c.customer_id === customerId);
      const records = await this.deps.reader.call('contacts.byCustomer', { params: { customerId } });
      await this.deps.publish(
        diffRecords(model, RECORD_KINDS.contact, { records, startedAt, cold: true, full: { heldAtStart } }),
      );
      model.contactListsRead.add(customerId);
    });
  }

  /** One contact the model does not hold yet; none when the upstream has no such contact. */
  contact(id: string): Promise<void> {
    const { model } = this.deps;
    if (model.contacts.has(id) || model.removed.has(id)) return Promise.resolve();
    return this.once(`contact:${id}`, async () => {
      const startedAt = this.deps.clock();
      try {
        const record = await this.deps.reader.call('contacts.get', { params: { id } });
        await this.deps.publish(
          diffRecords(model, RECORD_KINDS.contact, { records: [record], startedAt, cold: true }),
        );
      } catch (error) {
        if (error instanceof UpstreamError && error.status === 404) return;
        throw error;
      }
    });
  }

  private once(key: string, read: () => Promise<void>): Promise<void> {
    const running = this.inflight.get(key);
    if (running) return running;
    const started = read().finally(() => this.inflight.delete(key));
    this.inflight.set(key, started);
    return started;
  }
}
