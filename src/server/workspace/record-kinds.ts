import type { Contact, Conversation, Customer, Lead } from '../../contract';
import { storableText } from '../store/storable-text';

// The workspace's record tables (migration 0011) and the columns each derives from its record:
// what the screens filter, order and search by. Derived here, in JavaScript, so a hostile value (a
// date in year 0, a NaN) becomes null instead of failing the cast of a whole page's statement.

export type ColumnType = 'text' | 'timestamptz' | 'double precision' | 'boolean';

export interface RecordKind<T extends { id: string }> {
  readonly name: 'conversation' | 'lead' | 'customer' | 'contact';
  readonly table: 'ws_conversations' | 'ws_leads' | 'ws_customers' | 'ws_contacts';
  /** Derived columns and their SQL types (identifiers from this file only, never from input). */
  readonly columns: Readonly<Record<string, ColumnType>>;
  derive(record: T): Record<string, string | number | boolean | null>;
  /** The record has updated_at: an older one never replaces a newer one. */
  readonly versioned: boolean;
}

const MIN_TIME = Date.UTC(1, 0, 1);
const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** An ISO time PostgreSQL takes, or null for what is missing or outside years 1 to 9999. */
export function timeColumn(value: string | null | undefined): string | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isFinite(t) && t >= MIN_TIME && t <= MAX_TIME ? new Date(t).toISOString() : null;
}

const text = (value: string | null | undefined): string | null =>
  value === null || value === undefined ? null : storableText(value);
const finite = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
/** Between the fields of a lead's `search`. No field holds it: the writer turns it into U+FFFD, as
 *  the search does in a needle (lead-sql.ts), so a value holding it still finds itself. */
export const FIELD_SEPARATOR = '\u0001';
export const SEPARATOR_STAND_IN = '\uFFFD';
/** A lead's search text: each field lower-cased, in a fixed order, FIELD_SEPARATOR between them, so
 *  a search looks in each field on its own without opening the record (lead-sql.ts). */
const fieldsOf = (...values: (string | null | undefined)[]): string =>
  storableText(
    values
      .map((v) =>
        typeof v === 'string' ? v.replaceAll(FIELD_SEPARATOR, SEPARATOR_STAND_IN).toLowerCase() : '',
      )
      .join(FIELD_SEPARATOR),
  );
/** What a search matches: the values lower-cased, one space apart. */
const searchOf = (...values: (string | null | undefined)[]): string =>
  storableText(
    values
      .filter((v): v is string => typeof v === 'string' && v !== '')
      .join(' ')
      .toLowerCase(),
  );

export const CONVERSATIONS: RecordKind<Conversation> = {
  name: 'conversation',
  table: 'ws_conversations',
  versioned: true,
  columns: {
    last_message_at: 'timestamptz',
    updated_at: 'timestamptz',
    status: 'text',
    assignee: 'text',
    channel_id: 'text',
    contact_id: 'text',
    external_thread_id: 'text',
  },
  derive: (c) => ({
    last_message_at: timeColumn(c.last_message_at),
    updated_at: timeColumn(c.updated_at),
    status: text(c.status),
    assignee: text(c.assigned_to_user_id),
    channel_id: text(c.channel_id),
    contact_id: text(c.contact_id),
    external_thread_id: text(c.external_thread_id),
  }),
};

export const LEADS: RecordKind<Lead> = {
  name: 'lead',
  table: 'ws_leads',
  versioned: true,
  columns: {
    status: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    assignee: 'text',
    priority: 'text',
    value: 'double precision',
    currency: 'text',
    probability: 'double precision',
    search: 'text',
  },
  derive: (l) => ({
    status: text(l.status),
    created_at: timeColumn(l.created_at),
    updated_at: timeColumn(l.updated_at),
    assignee: text(l.assigned_to_user_id),
    priority: text(l.priority),
    value: finite(l.value),
    currency: text(l.currency),
    probability: finite(l.probability),
    search: fieldsOf(l.name, l.email, l.company_name, l.phone),
  }),
};

export const CUSTOMERS: RecordKind<Customer> = {
  name: 'customer',
  table: 'ws_customers',
  versioned: true,
  columns: { updated_at: 'timestamptz', name: 'text', search: 'text' },
  derive: (c) => ({
    updated_at: timeColumn(c.updated_at),
    name: text(c.name) ?? '',
    search: searchOf(c.name, c.company_name, c.email, c.phone),
  }),
};

export const CONTACTS: RecordKind<Contact> = {
  name: 'contact',
  table: 'ws_contacts',
  versioned: false,
  columns: { customer_id: 'text', is_primary: 'boolean', search: 'text' },
  derive: (c) => ({
    customer_id: text(c.customer_id),
    is_primary: c.is_primary === true,
    search: searchOf(c.first_name, c.last_name, c.email, c.phone, c.mobile),
  }),
};

export const RECORD_TABLES = {
  conversation: CONVERSATIONS,
  lead: LEADS,
  customer: CUSTOMERS,
  contact: CONTACTS,
};
