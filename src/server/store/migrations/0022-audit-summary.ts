import { sql, type Kysely, type Migration } from 'kysely';

// What each audit entry did, in names (issue 36.3): worked out when the entry is recorded, as the
// record may be renamed or deleted later, and worded by the browser. Null for entries recorded
// before, and for an action the BFF has no words for; the browser then shows the raw action.
export const auditSummary: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`alter table audit_log add column summary jsonb`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await sql`alter table audit_log drop column summary`.execute(db);
  },
};
