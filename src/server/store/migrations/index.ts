import type { Migration } from 'kysely';
import { auditLog } from './0001-audit-log';
import { readState } from './0002-read-state';
import { notes } from './0003-notes';
import { preferences } from './0004-preferences';
import { search } from './0005-search';
import { history } from './0006-history';
import { imports } from './0007-imports';
import { searchBackfill } from './0008-search-backfill';
import { setAside } from './0009-set-aside';
import { idempotencyKeys } from './0010-idempotency-keys';
import { workspace } from './0011-workspace';
import { leadColumns } from './0012-lead-columns';
import { inboxSearch } from './0013-inbox-search';
import { workspaceFinding } from './0014-workspace-finding';
import { unreadAndHistory } from './0015-unread-and-history';
import { syncBookkeeping } from './0016-sync-bookkeeping';
import { leadColumnsByOwner } from './0017-lead-columns-by-owner';
import { searchNewest } from './0018-search-newest';
import { contactsCatchUp } from './0019-contacts-catch-up';
import { leadFinder } from './0020-lead-finder';
import { messageAuthors } from './0021-message-authors';
import { auditSummary } from './0022-audit-summary';
import { snoozes } from './0023-snoozes';
import { scheduledMessages } from './0024-scheduled-messages';
import { reminders } from './0025-reminders';
import { bulkRuns } from './0026-bulk-runs';
import { availability } from './0027-availability';
import { assignmentRules } from './0028-assignment-rules';
import { businessHoursSla } from './0029-business-hours-sla';
import { labelsViews } from './0030-labels-views';

// Every migration, in order, listed here by hand: the server is bundled into one file for
// production, so nothing scans a directory. To change the schema, add a file `NNNN-what.ts` with
// an `up` (and a `down`), add it below under the next number, and update schema.ts. Never edit or
// rename one that has shipped: databases remember migrations by these names.
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_audit_log': auditLog,
  '0002_read_state': readState,
  '0003_notes': notes,
  '0004_preferences': preferences,
  '0005_search': search,
  '0006_history': history,
  '0007_imports': imports,
  '0008_search_backfill': searchBackfill,
  '0009_set_aside': setAside,
  '0010_idempotency_keys': idempotencyKeys,
  '0011_workspace': workspace,
  '0012_lead_columns': leadColumns,
  '0013_inbox_search': inboxSearch,
  '0014_workspace_finding': workspaceFinding,
  '0015_unread_and_history': unreadAndHistory,
  '0016_sync_bookkeeping': syncBookkeeping,
  '0017_lead_columns_by_owner': leadColumnsByOwner,
  '0018_search_newest': searchNewest,
  '0019_contacts_catch_up': contactsCatchUp,
  '0020_lead_finder': leadFinder,
  '0021_message_authors': messageAuthors,
  '0022_audit_summary': auditSummary,
  '0023_snoozes': snoozes,
  '0024_scheduled_messages': scheduledMessages,
  '0025_reminders': reminders,
  '0026_bulk_runs': bulkRuns,
  '0027_availability': availability,
  '0028_assignment_rules': assignmentRules,
  '0029_business_hours_sla': businessHoursSla,
  '0030_labels_views': labelsViews,
};
