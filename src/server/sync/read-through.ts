import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvent } from '../../contract';
import { UpstreamError } from '../upstream/upstream-error';
import { CONTACTS } from '../workspace/record-kinds';
import { removeUnread, upsertRecords, type WorkspaceDb } from '../workspace/workspace-writer';
import { EVENT_KINDS, type Outgoing } from './record-events';
import type { SyncReader } from './sync-context';
import { contactListRead, markContactListRead } from './sync-queries';

// What a screen needs that the paced sweeps have not read yet, read once when a page asks for it
// and written to the workspace tables like a sweep's read (quietly: it is a load, not a change).
// A customer's contacts are swept one customer at a time, so a customer's page may be opened
// before its contacts were read; the page then costs one upstream call, once for everyone, instead
// of an answer without them. Concurrent asks for the same record on this instance share one read.

export class ReadThrough {
  private readonly inflight = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: {
      readonly reader: SyncReader;
      readonly db: WorkspaceDb;
      /** Tells browsers of changes already in the tables. */
      readonly announce: (out: readonly Outgoing[]) => Promise<void>;
      /** Tells this instance's consumers of quiet changes (loads). */
      readonly quiet: (events: readonly LiveEvent[]) => void;
      readonly clock: () => number;
      readonly log: FastifyBaseLogger;
    },
  ) {}

  /** A customer's whole contact list, unless it was read already. */
  async contactsOf(customerId: string): Promise<void> {
    const { db } = this.deps;
    if (await contactListRead(db, customerId)) return;
    return this.once(`contacts:${customerId}`, async () => {
      const startedAt = this.deps.clock();
      const records = await this.deps.reader.call('contacts.byCustomer', { params: { customerId } });
      const changed = await upsertRecords(db, CONTACTS, records, {
        startedAt,
        now: this.deps.clock(),
        full: true,
      });
      this.deps.quiet(changed.map((c) => EVENT_KINDS.contact.upserted(c)));
      const removed = await removeUnread(db, CONTACTS, { startedAt, now: this.deps.clock() }, { customerId });
      await markContactListRead(db, customerId, this.deps.clock());
      if (removed.length > 0)
        await this.deps.announce(removed.map((id) => ({ event: EVENT_KINDS.contact.removed(id) })));
    });
  }

  /** One contact the tables do not hold yet; none when the upstream has no such contact. */
  async contact(id: string): Promise<void> {
    const { db } = this.deps;
    const held = await db.selectFrom('ws_contacts').select('id').where('id', '=', id).executeTakeFirst();
    // Held, or removed a moment ago (a tombstone): nothing to read.
    if (held !== undefined) return;
    return this.once(`contact:${id}`, async () => {
      const startedAt = this.deps.clock();
      try {
        const record = await this.deps.reader.call('contacts.get', { params: { id } });
        const changed = await upsertRecords(db, CONTACTS, [record], { startedAt, now: this.deps.clock() });
        this.deps.quiet(changed.map((c) => EVENT_KINDS.contact.upserted(c)));
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
