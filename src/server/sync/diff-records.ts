import type { Contact, Conversation, Customer, Lead, LiveEvent } from '../../contract';
import type { ReadModel, TouchKey } from './read-model';
import { sameRecord } from './same-record';

// Change detection for records read by id-keyed lists: (the model, what a read returned, when it
// started) -> events. Pure: the model is only read. See docs/live-sync.md, "Change detection".

/** An event the sync publishes; `modelOnly` ones update every instance's model but no browser. */
export interface Outgoing {
  readonly event: LiveEvent;
  readonly modelOnly?: boolean;
}

interface Kind<T> {
  map(model: ReadModel): ReadonlyMap<string, T>;
  key(id: string): TouchKey;
  upserted(record: T): LiveEvent;
  removed(id: string): LiveEvent;
}

export const RECORD_KINDS = {
  conversation: {
    map: (m) => m.conversations,
    key: (id) => `conversation:${id}`,
    upserted: (conversation) => ({ type: 'conversation.upserted', conversation }),
    removed: (id) => ({ type: 'conversation.removed', id }),
  } satisfies Kind<Conversation>,
  lead: {
    map: (m) => m.leads,
    key: (id) => `lead:${id}`,
    upserted: (lead) => ({ type: 'lead.upserted', lead }),
    removed: (id) => ({ type: 'lead.removed', id }),
  } satisfies Kind<Lead>,
  customer: {
    map: (m) => m.customers,
    key: (id) => `customer:${id}`,
    upserted: (customer) => ({ type: 'customer.upserted', customer }),
    removed: (id) => ({ type: 'customer.removed', id }),
  } satisfies Kind<Customer>,
  contact: {
    map: (m) => m.contacts,
    key: (id) => `contact:${id}`,
    upserted: (contact) => ({ type: 'contact.upserted', contact }),
    removed: (id) => ({ type: 'contact.removed', id }),
  } satisfies Kind<Contact>,
};

export interface RecordRead<T> {
  readonly records: readonly T[];
  /** When the read's first call was sent (the instance's clock). */
  readonly startedAt: number;
  /** The read covered every record in `scope`: held ones it did not return are removed. */
  readonly full?: {
    /** Ids the model held (in scope) when the read started: only these can be removed. */
    readonly heldAtStart: ReadonlySet<string>;
  };
  /** A first load: publish to the models only. */
  readonly cold?: boolean;
}

const olderThan = (next: unknown, held: unknown): boolean => {
  const n = (next as { updated_at?: unknown }).updated_at;
  const h = (held as { updated_at?: unknown }).updated_at;
  return typeof n === 'string' && typeof h === 'string' && Date.parse(n) < Date.parse(h);
};

/** Upserts for new or changed records, removals for held ones a full read no longer returns. */
export function diffRecords<T extends { id: string }>(
  model: ReadModel,
  kind: Kind<T>,
  read: RecordRead<T>,
): Outgoing[] {
  const held = kind.map(model);
  const out: Outgoing[] = [];
  const seen = new Set<string>();
  const modelOnly = read.cold === true;
  for (const record of read.records) {
    seen.add(record.id);
    // A write applied after this read began knows better; a removed id stays removed.
    if (model.removed.has(record.id) || model.touchedAfter(kind.key(record.id), read.startedAt)) continue;
    const current = held.get(record.id);
    if (current !== undefined && (olderThan(record, current) || sameRecord(record, current))) continue;
    out.push({ event: kind.upserted(record), ...(modelOnly ? { modelOnly } : {}) });
  }
  if (read.full) {
    for (const id of read.full.heldAtStart) {
      if (seen.has(id) || !held.has(id) || model.touchedAfter(kind.key(id), read.startedAt)) continue;
      out.push({ event: kind.removed(id) });
    }
  }
  return out;
}

/** The ids held now among those a full read will cover (call it before the read starts). */
export function heldIds<T extends { id: string }>(
  model: ReadModel,
  kind: Kind<T>,
  inScope: (record: T) => boolean = () => true,
): Set<string> {
  const ids = new Set<string>();
  for (const [id, record] of kind.map(model)) if (inScope(record)) ids.add(id);
  return ids;
}
