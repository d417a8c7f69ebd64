import type { ColumnType, Generated } from 'kysely';
import type { Contact, Conversation, Customer, Lead, Message, Template } from '../../contract';
import type { AuditOutcome } from '../../contract/audit';
import type { AuditSummary } from '../../contract/audit-summary';
import type { AssignmentMode } from '../../contract/assignment';
import type { AvailabilityStatus } from '../../contract/availability';
import type { InboxFilters } from '../../contract/saved-views';
import type { BusinessCalendar } from '../../contract/rules/business-time';
import type { SlaKind } from '../../contract/sla';
import type { ScheduledState, ScheduledTemplate } from '../../contract/scheduled';

// The tables of the BFF's own database, as Kysely sees them. A migration changes the schema; this
// file says what the code may read and write. bigint columns come back as strings from both
// databases (open-store.ts sets the parsers), so no id is silently rounded.

export interface AuditLogTable {
  id: Generated<string>;
  /** When it happened (the BFF's clock, not the database's, so tests can move it). */
  at: ColumnType<Date, Date, never>;
  /** Who: absent for a refused call without a session or a sign-in with an unknown name. */
  username: string | null;
  role: string | null;
  /** A contract route id (`leads.update`), or the BFF's own action (`auth.login`). */
  action: string;
  /** The path's id parameters, e.g. {"id": "…"}; written as JSON text, read as an object. */
  record: ColumnType<Record<string, string> | null, string | null, never>;
  /** The HTTP status the caller got. */
  status: number;
  outcome: AuditOutcome;
  ip: string | null;
  /** Migration 0022: what it did, in names (contract/audit-summary.ts); JSON text in, an object out. */
  summary: ColumnType<AuditSummary | null, string | null, never>;
}

/** What an agent has read of a thread (src/server/unread). */
export interface ReadMarksTable {
  username: string;
  conversation_id: string;
  /** The time of the newest message the agent has read. */
  read_at: Date;
  marked_unread: boolean;
}

/** A thread the team snoozed (migration 0023, src/server/snooze). */
export interface SnoozesTable {
  conversation_id: string;
  until: Date;
  /** When it was snoozed: anything newer in the thread wakes it. */
  snoozed_at: Date;
  username: string;
  /** The job that wakes it (src/server/jobs). */
  job_id: string | null;
}

/** A bulk action (migration 0026, src/server/bulk). */
export interface BulkRunsTable {
  id: string;
  target: 'conversations' | 'leads';
  action: string;
  args: ColumnType<Record<string, string>, string, string>;
  state: 'queued' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed';
  reason: string | null;
  started_by: string;
  total: number;
  created_at: Date;
  updated_at: Date;
}

/** One record a bulk action acts on (migration 0026). */
export interface BulkItemsTable {
  run_id: string;
  seq: number;
  record_id: string;
  name: string | null;
  state: ColumnType<'pending' | 'done' | 'refused', 'pending' | 'done' | 'refused' | undefined>;
  reason: string | null;
  attempted_at: Date | null;
  finished_at: Date | null;
}

/** A reminder a person set on a thread or a lead (migration 0025, src/server/reminders). */
export interface RemindersTable {
  id: string;
  username: string;
  target_kind: 'conversation' | 'lead';
  target_id: string;
  label: string;
  note: string | null;
  due_at: Date;
  state: 'pending' | 'due' | 'done' | 'cancelled';
  created_at: Date;
  fired_at: Date | null;
  /** A job telling the person's browsers now (a lease a re-run may take over once it is old). */
  notifying_at: Date | null;
  notified_at: Date | null;
  record_gone: ColumnType<boolean, boolean | undefined, boolean>;
  /** The job that fires it (src/server/jobs). */
  job_id: string | null;
}

/** A label of the team's (migration 0030, src/server/labels). */
export interface LabelsTable {
  id: string;
  name: string;
  color: string;
  position: number;
  created_at: Date;
}

/** A label on a thread (migration 0030). */
export interface ConversationLabelsTable {
  conversation_id: string;
  label_id: string;
  added_at: Date;
}

/** A saved view of the inbox's filters (migration 0030): `filters` is InboxFilters. */
export interface SavedViewsTable {
  id: string;
  name: string;
  scope: 'mine' | 'team';
  owner: string;
  filters: ColumnType<InboxFilters, string, string>;
  created_at: Date;
}

/** A person's availability (migration 0027, src/server/availability). */
export interface AvailabilityTable {
  username: string;
  status: ColumnType<AvailabilityStatus, AvailabilityStatus | undefined, AvailabilityStatus>;
  status_set_at: Date | null;
  /** When a tab of theirs last held the live stream (refreshed while one does). */
  last_seen_at: Date | null;
  /** When a tab came back after none had been open for the idle time. */
  back_at: Date | null;
}

/** The workspace's business hours: one row (migration 0029, src/server/sla). */
export interface SlaSettingsTable {
  id: number;
  hours: ColumnType<BusinessCalendar, string, string>;
  updated_at: Date;
  updated_by: string;
}

/** One channel's SLA targets in minutes (migration 0029); null: no target of that kind. */
export interface SlaPoliciesTable {
  channel_id: string;
  first_response_minutes: number | null;
  next_response_minutes: number | null;
  resolution_minutes: number | null;
  business_hours: boolean;
  /** When the channel first got a policy: no clock starts for a message before it. */
  since: Date;
}

/** One SLA clock of a thread (migration 0029): running until stopped; met or breached. */
export interface SlaClocksTable {
  conversation_id: string;
  kind: SlaKind;
  started_at: Date;
  due_at: Date;
  at_risk_at: Date;
  target_minutes: number;
  business_hours: boolean;
  channel_id: string | null;
  owner: string | null;
  stopped_at: Date | null;
  met_at: Date | null;
  breached_at: Date | null;
}

/** A channel's assignment rule and its round-robin cursor (migration 0028, src/server/assignment). */
export interface AssignmentRulesTable {
  channel_id: string;
  enabled: boolean;
  mode: AssignmentMode;
  /** Usernames of the teammates it hands out to. */
  members: string[];
  cap: number | null;
  no_reply_minutes: number | null;
  /** A username; null: back to the queue. */
  no_reply_to: string | null;
  /** Round robin: the index in `members` the next turn starts from. */
  cursor: ColumnType<number, number | undefined, number>;
  updated_at: Date;
  updated_by: string | null;
}

/** A thread waiting for an agent (migration 0028). */
export interface AssignmentWaitingTable {
  conversation_id: string;
  channel_id: string;
  entered_at: Date;
  /** Why the last attempt did not assign it; null: not tried yet. */
  reason: string | null;
  /** Upstream user id it must not go to (its owner did not reply in time). */
  not_to: string | null;
}

/** A thread's last automatic assignment (migration 0028): what the no-reply check compares. */
export interface AssignmentGivenTable {
  conversation_id: string;
  channel_id: string;
  /** Upstream user id. */
  owner: string;
  assigned_at: Date;
  /** Decided, the upstream's answer not yet in: counted in the owner's load. */
  pending: boolean;
}

/** A message the team scheduled (migration 0024, src/server/scheduled). */
export interface ScheduledMessagesTable {
  id: string;
  conversation_id: string;
  kind: 'text' | 'template';
  text: string | null;
  reply_to: string | null;
  /** The template as the send takes it; JSON text in, an object out. */
  template: ColumnType<ScheduledTemplate | null, string | null, string | null>;
  send_at: Date;
  state: ScheduledState;
  failure: string | null;
  sent_message_id: string | null;
  /** The teammate who scheduled it: their username, name and upstream id. */
  username: string;
  user_name: string;
  user_id: string;
  /** The queue's job that sends it (src/server/jobs). */
  job_id: string | null;
  /** Runs of its job so far. */
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Date;
  updated_at: Date;
}

/** Since when an agent's unread is counted (their first use of the inbox). */
export interface ReadersTable {
  username: string;
  since: Date;
}

/** Private notes on threads (src/server/notes). */
export interface NotesTable {
  id: Generated<string>;
  conversation_id: string;
  author: string;
  author_name: string;
  body: string;
  created_at: ColumnType<Date, Date, never>;
}

/** Who on the team sent a message (migration 0021, src/server/authors). */
export interface MessageAuthorsTable {
  message_id: string;
  conversation_id: string;
  kind: 'person' | 'ai';
  username: string | null;
  user_id: string | null;
  name: string;
  recorded_at: ColumnType<Date, Date | undefined, never>;
}

/** Who a note mentions, and when they read it. */
export interface MentionsTable {
  note_id: string;
  username: string;
  read_at: Date | null;
}

/** Each person's own settings (src/server/preferences); JSON text in, an object out. */
export interface PreferencesTable {
  username: string;
  settings: ColumnType<Record<string, unknown>, string, string>;
}

/** Messages as search finds them (migration 0005); `document` is PostgreSQL's to keep. */
export interface SearchMessagesTable {
  message_id: string;
  conversation_id: string;
  direction: string;
  sender_name: string | null;
  body: string;
  created_at: ColumnType<Date, Date | string, Date | string>;
}

/** History for reports (migration 0006). */
export interface HistoryMessagesTable {
  message_id: string;
  conversation_id: string;
  channel_id: string | null;
  assignee: string | null;
  direction: string;
  created_at: ColumnType<Date, Date | string, Date | string>;
}

export interface HistoryResolutionsTable {
  id: Generated<string>;
  conversation_id: string;
  channel_id: string | null;
  assignee: string | null;
  opened_at: ColumnType<Date, Date | string, Date | string>;
  resolved_at: ColumnType<Date, Date | string, Date | string>;
}

export interface HistoryLeadMovesTable {
  id: Generated<string>;
  lead_id: string;
  from_stage: string | null;
  to_stage: string;
  value: number | null;
  currency: string | null;
  at: ColumnType<Date, Date | string, Date | string>;
}

export interface HistoryMetaTable {
  key: string;
  value: string;
}

/** CSV imports (migration 0007): a job per file. */
export interface ImportJobsTable {
  id: string;
  kind: string;
  duplicates: string;
  file_name: string;
  state: string;
  total: number;
  pending: number;
  created: ColumnType<number, number | undefined, number>;
  updated: ColumnType<number, number | undefined, number>;
  skipped: ColumnType<number, number | undefined, number>;
  refused: ColumnType<number, number | undefined, number>;
  duplicates_found: ColumnType<number, number | undefined, number>;
  paused_reason: string | null;
  created_by: string;
  created_at: ColumnType<Date, Date, never>;
  updated_at: ColumnType<Date, Date, Date>;
  heartbeat_at: Date | null;
}

/** Every row of an import, its cells as mapped (JSON text) and what became of it. */
export interface ImportRowsTable {
  job_id: string;
  row_number: number;
  cells: string;
  outcome: string;
  reason: string | null;
  record_id: string | null;
  attempted: ColumnType<boolean, boolean | undefined, boolean>;
}

/** How far the search back-fill has read each thread (migration 0008). */
export interface SearchBackfillTable {
  conversation_id: string;
  before_id: string | null;
  done: boolean;
}

/** Rows a batch writer could not store, kept with the database's reason (migration 0009). */
export interface SetAsideTable {
  id: Generated<string>;
  /** The writer's label ("audit", "search index", "history"). */
  writer: string;
  /** The row as JSON text. */
  row_json: string;
  error: string;
  at: ColumnType<Date, Date, never>;
}

/** Bookkeeping of every workspace record table (migration 0011): the BFF's clock, epoch ms. */
interface WorkspaceRow<T> {
  id: string;
  /** The record as the contract parsed it (made storable); JSON in, an object out. */
  data: ColumnType<T, string, string>;
  changed_at: ColumnType<string, number, number>;
  read_at: ColumnType<string, number | undefined, number>;
  removed_at: ColumnType<string | null, number | null | undefined, number | null>;
  change_batch: string | null;
}

export interface WsConversationsTable extends WorkspaceRow<Conversation> {
  last_message_at: Date | null;
  updated_at: Date | null;
  status: string | null;
  assignee: string | null;
  channel_id: string | null;
  contact_id: string | null;
  external_thread_id: string | null;
  /** Migration 0016: the last_message_at the thread's newest page was last read for. */
  page_read_for: Date | null;
  page_read: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface WsMessagesTable {
  id: string;
  conversation_id: string;
  created_at: Date;
  direction: string;
  status: string;
  data: ColumnType<Message, string, string>;
  changed_at: ColumnType<string, number, number>;
  seen_at: ColumnType<string | null, number | null | undefined, number | null>;
  change_batch: string | null;
}

export interface WsLeadsTable extends WorkspaceRow<Lead> {
  status: string | null;
  created_at: Date | null;
  updated_at: Date | null;
  assignee: string | null;
  priority: string | null;
  value: number | null;
  currency: string | null;
  probability: number | null;
  search: string;
  /** Migration 0016: when the lead's activities (its follow-up flag) were last read. */
  activities_read_at: ColumnType<string | null, number | null | undefined, number | null>;
}

/** Migration 0020: a narrow copy of the live leads, what the lead screens search, filter and sum. */
export interface WsLeadFinderTable {
  id: string;
  status: string | null;
  currency: string | null;
  /** The assignee, '' for none. */
  owner: string;
  priority: string | null;
  value: number | null;
  probability: number | null;
  created_at: Date | null;
  /** Name, email, company and phone, lower-cased, separated by U+0001. */
  search: string;
}

export interface WsCustomersTable extends WorkspaceRow<Customer> {
  updated_at: Date | null;
  name: string;
  search: string;
  /** When the customer's contact list was last read (a copy of ws_contact_lists_read, migration 0019). */
  contacts_read_at: ColumnType<string | null, number | null | undefined, number | null>;
}

export interface WsContactsTable extends WorkspaceRow<Contact> {
  customer_id: string | null;
  is_primary: boolean;
  search: string;
}

export interface WsListsTable {
  name: string;
  data: ColumnType<unknown[], string, string>;
  changed_at: ColumnType<string, number, number>;
}

export interface WsTemplatesTable {
  channel_id: string;
  data: ColumnType<Template[], string, string>;
  changed_at: ColumnType<string, number, number>;
}

export interface WsFollowUpsTable {
  lead_id: string;
  follow_up: boolean;
  changed_at: ColumnType<string, number, number>;
  read_at: ColumnType<string | null, number | null | undefined, number | null>;
}

/**
 * The board's totals per status and currency (migration 0012), and per owner ('' for none) and
 * priority ('' for none) since 0017, kept by triggers on ws_leads.
 */
export interface WsLeadColumnsTable {
  status: string;
  currency: string;
  owner: string;
  priority: string;
  /** bigint and numeric come back as text. */
  leads: ColumnType<string, never, never>;
  valued: ColumnType<string, never, never>;
  value_sum: ColumnType<string, never, never>;
  weighted_sum: ColumnType<string, never, never>;
}

export interface WsMetaTable {
  key: string;
  value: ColumnType<unknown, string, string>;
}

export interface WsContactListsReadTable {
  customer_id: string;
  read_at: ColumnType<string, number, number>;
}

export interface Database {
  ws_conversations: WsConversationsTable;
  ws_messages: WsMessagesTable;
  ws_leads: WsLeadsTable;
  ws_lead_finder: WsLeadFinderTable;
  ws_customers: WsCustomersTable;
  ws_contacts: WsContactsTable;
  ws_lists: WsListsTable;
  ws_templates: WsTemplatesTable;
  ws_follow_ups: WsFollowUpsTable;
  ws_meta: WsMetaTable;
  ws_contact_lists_read: WsContactListsReadTable;
  ws_lead_columns: WsLeadColumnsTable;
  set_aside: SetAsideTable;
  search_backfill: SearchBackfillTable;
  import_jobs: ImportJobsTable;
  import_rows: ImportRowsTable;
  history_messages: HistoryMessagesTable;
  history_resolutions: HistoryResolutionsTable;
  history_lead_moves: HistoryLeadMovesTable;
  history_meta: HistoryMetaTable;
  search_messages: SearchMessagesTable;
  preferences: PreferencesTable;
  notes: NotesTable;
  message_authors: MessageAuthorsTable;
  mentions: MentionsTable;
  audit_log: AuditLogTable;
  read_marks: ReadMarksTable;
  readers: ReadersTable;
  snoozes: SnoozesTable;
  bulk_runs: BulkRunsTable;
  bulk_items: BulkItemsTable;
  scheduled_messages: ScheduledMessagesTable;
  reminders: RemindersTable;
  availability: AvailabilityTable;
  labels: LabelsTable;
  conversation_labels: ConversationLabelsTable;
  saved_views: SavedViewsTable;
  sla_settings: SlaSettingsTable;
  sla_policies: SlaPoliciesTable;
  sla_clocks: SlaClocksTable;
  assignment_rules: AssignmentRulesTable;
  assignment_waiting: AssignmentWaitingTable;
  assignment_given: AssignmentGivenTable;
}
