import { sql } from 'kysely';
import type { Customer, Lead } from '../../contract';
import type { WorkspaceDb } from '../workspace/workspace-writer';
import { DuplicateIndex, emailKey, phoneKey, type Contactable } from './duplicate-index';

// The workspace's leads or customers that a batch of rows may duplicate, looked up in the tables by
// the keys duplicate-index.ts matches on (migration 0014's indexes on ws_email_key and
// ws_phone_key), never by reading every record. The SQL keys only narrow the search: the records
// found are matched again by the JavaScript keys, so the rule stays the one of DuplicateIndex.

export type DuplicateKind = 'leads' | 'customers';
type RecordOf<K extends DuplicateKind> = K extends 'leads' ? Lead : Customer;

const TABLE = { leads: 'ws_leads', customers: 'ws_customers' } as const;

type Candidate = Omit<Contactable, 'id'>;

/** The held records sharing an email or phone key with any of the candidates, by id. */
export async function heldMatching<K extends DuplicateKind>(
  db: WorkspaceDb,
  kind: K,
  candidates: readonly Candidate[],
): Promise<RecordOf<K>[]> {
  const emails = new Set<string>();
  const phones = new Set<string>();
  for (const c of candidates) {
    const email = emailKey(c.email);
    if (email) emails.add(email);
    for (const p of [c.phone, c.mobile]) {
      const key = phoneKey(p);
      if (key) phones.add(key);
    }
  }
  if (emails.size === 0 && phones.size === 0) return [];
  const result = await sql<{ data: RecordOf<K> }>`
    select data from ${sql.table(TABLE[kind])}
    where removed_at is null and (
      ws_email_key(data->>'email') = any(${[...emails]}::text[])
      or ws_phone_key(data->>'phone') = any(${[...phones]}::text[]))
    order by id`.execute(db);
  return result.rows.map((r) => r.data);
}

/** A DuplicateIndex of the held records these candidates may duplicate (one query). */
export async function heldIndex(
  db: WorkspaceDb,
  kind: DuplicateKind,
  candidates: readonly Candidate[],
): Promise<{ index: DuplicateIndex; records: Map<string, Lead | Customer> }> {
  const held: (Lead | Customer)[] = await heldMatching(db, kind, candidates);
  return { index: new DuplicateIndex(held), records: new Map(held.map((r) => [r.id, r])) };
}

/**
 * The held records a create's body could be "the same" as (same-record.ts compares name, email,
 * phone): those sharing its email or phone key, and those of the same name. For a lost answer's
 * lookup, which must not claim a record the workspace held before.
 */
export async function heldLike<K extends DuplicateKind>(
  db: WorkspaceDb,
  kind: K,
  body: Candidate & { readonly name?: string | null | undefined },
): Promise<RecordOf<K>[]> {
  const byKeys = await heldMatching(db, kind, [body]);
  const name = body.name?.trim() ?? '';
  if (name === '') return byKeys;
  const byName = await sql<{ data: RecordOf<K> }>`
    select data from ${sql.table(TABLE[kind])}
    where removed_at is null and title_key = ws_fold(${name}) order by id`.execute(db);
  const seen = new Set(byKeys.map((r) => r.id));
  return [...byKeys, ...byName.rows.map((r) => r.data).filter((r) => !seen.has(r.id))];
}
