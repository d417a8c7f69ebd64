import { containing } from '../store/like-pattern';
import { sql, type RawBuilder } from 'kysely';
import { contactName, type Contact, type Customer, type Lead, type RecordHit } from '../../contract';
import { fold } from '../../contract/text-fold';
import { inIndexOrder } from '../store/index-order';
import type { WorkspaceReader } from '../workspace/workspace-reader';

// Contacts, customers, leads and quick replies found in the workspace tables (no call upstream):
// every word of the query must appear in the record's name, email, company or the like, ignoring
// case and accents; a run of digits also matches a phone number however it is written. Names that
// start with the query come first, then by name.
//
// The records are matched in the database by their folded text (find_text, migration 0014) with a
// trigram index, never read whole: per kind, the names that start with the query (an index range
// on title_key), then the other matches by name among the first CANDIDATES the index gives (their
// keys only: a record is read whole only when it is shown).

export interface FoundRecords {
  readonly contacts: RecordHit[];
  readonly customers: RecordHit[];
  readonly leads: RecordHit[];
  readonly quickReplies: RecordHit[];
}

/**
 * Most matches that do not start with the query a search orders by name. A query that matches
 * more (one letter, "com" in every email) shows the first of these by name, not of all matches:
 * a search box is for narrowing, and ordering a million matches would cost a second.
 */
export const CANDIDATES = 1_000;
/** Above every character: `prefix || TOP` bounds the names that start with prefix. */
const TOP = String.fromCodePoint(0x10ffff);

const digitsOf = (value: string | null | undefined): string => (value ?? '').replace(/\D/g, '');

const joined = (...parts: (string | null | undefined)[]): string => parts.filter(Boolean).join(' · ');

/** The query as conditions on find_text: every word, or (a mostly numeric query) a phone's digits. */
export function matchOf(query: string): RawBuilder<boolean> {
  // Folded here, not by ws_fold: a server without a locale lower-cases ASCII only, and find_text
  // is folded from `search`, which JavaScript lower-cased.
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return sql<boolean>`false`;
  const contains = (text: string) => sql<boolean>`find_text like ${containing(text)}`;
  const all = sql<boolean>`(${sql.join(
    words.map((w) => contains(w)),
    sql` and `,
  )})`;
  const digits = digitsOf(query);
  // A query that is mostly a number ("+44 20 7946", "7946") looks in phone numbers too.
  const phoneLike = digits.length >= 3 && digits.length >= query.replace(/\s/g, '').length - 2;
  if (!phoneLike) return all;
  // A national number's trunk zero ("030 …") is not in the international form ("+49 30 …").
  const national = digits.replace(/^0+/, '');
  const phones = [contains(digits)];
  if (national.length >= 3 && national !== digits) phones.push(contains(national));
  return sql<boolean>`(${all} or ${sql.join(phones, sql` or `)})`;
}

interface Matched<T> {
  readonly data: T;
  /** Its name starts with the query. */
  readonly starts: boolean;
}

type RecordTable = 'ws_leads' | 'ws_customers' | 'ws_contacts';

/**
 * The first `limit` records of a table the query matches, in the search's order. Two reads at
 * once:
 * - the names that start with the query, along the title_key index in its order, each checked
 *   until `limit` match. Planned freely, a common first name ("elif": 8,334 of 200,000 leads) was
 *   read whole by a bitmap scan and sorted, records and all, to keep 20: 65 of the query's 80 ms.
 *   The walk stops at the end of the prefix's range, so its cost is bounded by the names starting
 *   so;
 * - the others, among the first CANDIDATES matches the trigram index finds, by name.
 */
async function matching<T>(
  reader: WorkspaceReader,
  table: RecordTable,
  query: string,
  limit: number,
): Promise<Matched<T>[]> {
  const t = sql.table(table);
  const match = matchOf(query);
  const prefix = fold(query);
  const [starting, others] = await Promise.all([
    inIndexOrder(
      reader.db,
      sql<{ data: T }>`select data from ${t}
        where removed_at is null and title_key >= ${prefix} and title_key < ${prefix + TOP}
          and starts_with(title_key, ${prefix}) and ${match}
        order by title_key, id limit ${limit}`,
    ),
    sql<{ data: T }>`
      with found as materialized (
        select title_key, id from ${t} where removed_at is null and ${match} limit ${CANDIDATES}),
      others as (
        select title_key, id from found where not starts_with(title_key, ${prefix})
        order by title_key, id limit ${limit})
      select r.data from others o join ${t} r on r.id = o.id`.execute(reader.db),
  ]);
  return [
    ...starting.map((r) => ({ data: r.data, starts: true })),
    ...others.rows.map((r) => ({ data: r.data, starts: false })),
  ];
}

/** Starting names first, then by name as people sort them; at most `limit`. */
function ranked<T>(found: Matched<T>[], hit: (record: T) => RecordHit, limit: number): RecordHit[] {
  return found
    .map((m) => ({ starts: m.starts, hit: hit(m.data) }))
    .sort((a, b) => Number(b.starts) - Number(a.starts) || a.hit.title.localeCompare(b.hit.title))
    .slice(0, limit)
    .map((m) => m.hit);
}

async function contacts(reader: WorkspaceReader, query: string, limit: number): Promise<RecordHit[]> {
  const found = await matching<Contact>(reader, 'ws_contacts', query, limit);
  const companies = await reader.customerNames(found.map((m) => m.data.customer_id));
  return ranked(
    found,
    (c) => ({
      id: c.id,
      title: contactName(c) || c.email || c.mobile || c.phone || 'Unnamed contact',
      detail: joined(companies.get(c.customer_id), c.email, c.mobile ?? c.phone),
    }),
    limit,
  );
}

async function customers(reader: WorkspaceReader, query: string, limit: number): Promise<RecordHit[]> {
  const found = await matching<Customer>(reader, 'ws_customers', query, limit);
  return ranked(
    found,
    (c) => ({ id: c.id, title: c.name, detail: joined(c.company_name, c.email, c.phone) }),
    limit,
  );
}

async function leads(reader: WorkspaceReader, query: string, limit: number): Promise<RecordHit[]> {
  const [found, stages] = await Promise.all([
    matching<Lead>(reader, 'ws_leads', query, limit),
    reader.list('stages'),
  ]);
  const stageNames = new Map((stages ?? []).map((s) => [s.key, s.name]));
  return ranked(
    found,
    (l) => ({
      id: l.id,
      title: l.name,
      detail: joined(stageNames.get(l.status) ?? l.status, l.company_name, l.email),
    }),
    limit,
  );
}

/** Quick replies are one short list, kept whole: matched here as the records are in SQL. */
async function quickReplies(reader: WorkspaceReader, query: string, limit: number): Promise<RecordHit[]> {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const prefix = fold(query.trim());
  const found = ((await reader.list('quickReplies')) ?? []).flatMap((q) => {
    const text = fold(joined(q.title, q.shortcut, q.body));
    if (!words.every((w) => text.includes(w))) return [];
    return [{ starts: fold(q.title).startsWith(prefix), data: q }];
  });
  return ranked(found, (q) => ({ id: q.id, title: q.title, detail: `/${q.shortcut}` }), limit);
}

export async function findRecords(
  reader: WorkspaceReader,
  rawQuery: string,
  limit: number,
): Promise<FoundRecords> {
  const query = rawQuery.trim();
  if (query === '') return { contacts: [], customers: [], leads: [], quickReplies: [] };
  const [c, cu, l, q] = await Promise.all([
    contacts(reader, query, limit),
    customers(reader, query, limit),
    leads(reader, query, limit),
    quickReplies(reader, query, limit),
  ]);
  return { contacts: c, customers: cu, leads: l, quickReplies: q };
}
