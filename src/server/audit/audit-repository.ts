import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditEntry, AuditOutcome } from '../../contract/audit';
import type { AuditSummary } from '../../contract/audit-summary';
import type { AuditLogTable, Database } from '../store/schema';
import { storableJson, storableText } from '../store/storable-text';
import { guarded } from '../store/store-errors';

// The audit log's table, read and written only here. Every call fails with
// DatabaseUnavailableError when the database cannot serve. What a request brought (its path's ids,
// a typed user name) is made storable first: one U+0000 in a path once stopped the log (issue 34).

export interface AuditRecord {
  readonly at: Date;
  readonly username: string | null;
  readonly role: string | null;
  readonly action: string;
  readonly record: Readonly<Record<string, string>> | null;
  readonly status: number;
  readonly outcome: AuditOutcome;
  readonly ip: string | null;
  /** What it did, in names (audit-summary.ts); absent or null: the entry shows its raw action. */
  readonly summary?: AuditSummary | null;
}

export interface AuditFilter {
  readonly user?: string;
  readonly action?: string;
  readonly outcome?: AuditOutcome;
  /** Inclusive. */
  readonly from?: Date;
  /** Exclusive. */
  readonly to?: Date;
}

export interface AuditListing {
  readonly entries: AuditEntry[];
  readonly total: number;
}

const toEntry = (row: Selectable<AuditLogTable>): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  username: row.username,
  role: row.role,
  action: row.action,
  record: row.record,
  status: row.status,
  outcome: row.outcome,
  ip: row.ip,
  // Read by the browser with summaryOf (contract/audit-summary.ts), which drops a shape it cannot take.
  ...(row.summary !== null ? { summary: row.summary } : {}),
});

export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One statement per batch, with one array parameter per column (unnest): the SQL text is the
   * same for every batch, so building it costs nothing per row, and the database parses 9
   * parameters instead of 9 per entry.
   */
  async insert(records: readonly AuditRecord[]): Promise<void> {
    if (records.length === 0) return;
    const column = <T>(pick: (r: AuditRecord) => T): T[] => records.map(pick);
    await guarded(() =>
      sql`insert into audit_log (at, username, role, action, record, status, outcome, ip, summary)
        select * from unnest(
          ${column((r) => r.at.toISOString())}::timestamptz[],
          ${column((r) => storableText(r.username))}::text[],
          ${column((r) => storableText(r.role))}::text[],
          ${column((r) => storableText(r.action))}::text[],
          ${column((r) => (r.record === null ? null : storableJson(r.record)))}::jsonb[],
          ${column((r) => r.status)}::integer[],
          ${column((r) => r.outcome)}::text[],
          ${column((r) => storableText(r.ip))}::text[],
          ${column((r) => (r.summary == null ? null : storableJson(r.summary)))}::jsonb[]
        )`.execute(this.db),
    );
  }

  /** Newest first; `total` counts every entry the filter matches, not only this page. */
  async list(filter: AuditFilter, page: { offset: number; limit: number }): Promise<AuditListing> {
    let where = this.db.selectFrom('audit_log');
    if (filter.user !== undefined) where = where.where('username', '=', filter.user);
    if (filter.action !== undefined) where = where.where('action', '=', filter.action);
    if (filter.outcome !== undefined) where = where.where('outcome', '=', filter.outcome);
    if (filter.from !== undefined) where = where.where('at', '>=', filter.from);
    if (filter.to !== undefined) where = where.where('at', '<', filter.to);
    const filtered = where;
    const [rows, count] = await guarded(() =>
      Promise.all([
        filtered
          .selectAll()
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        // count(*) is a bigint: text from both drivers.
        filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]),
    );
    return { entries: rows.map(toEntry), total: Number(count.n) };
  }

  /** Deletes up to `batch` entries older than `cutoff`; returns how many it deleted. */
  async deleteOlderThan(cutoff: Date, batch: number): Promise<number> {
    const result = await guarded(() =>
      this.db
        .deleteFrom('audit_log')
        .where('id', 'in', (eb) =>
          eb.selectFrom('audit_log').select('id').where('at', '<', cutoff).orderBy('id').limit(batch),
        )
        .executeTakeFirst(),
    );
    return Number(result.numDeletedRows);
  }
}
