import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  AUDIT_NAME_MAX,
  type AuditSubject,
  type AuditSubjectKind,
  type AuditSummary,
  type BffAuditedAction,
  type MutatingRouteId,
} from '../../contract/audit-summary';
import { contactName } from '../../contract/contact-links';
import type { Conversation, Message } from '../../contract/conversations';
import type { Platform } from '../../contract/channels';
import { conversationName } from '../../contract/thread-names';
import type { Database } from '../store/schema';
import { storableText } from '../store/storable-text';

// What an audited call did, in names (issue 36.3). Before the handler runs, the record's name is
// read from the workspace tables by its key (a delete removes the record; a rename changes it);
// once the answer has gone, the summary is put together from the call, those names and the team's
// roster, and stored with the entry. Names only: never a message's text, a body's values beyond
// names, a password or a secret. One table per kind of action, keyed by its id, so a new route of
// the contract does not compile without its entry here (and in the browser's words).

/** A state-changing call as the log sees it. */
export interface AuditCall {
  /** A contract route id, or the BFF's own `${method} ${url}`. */
  readonly action: string;
  /** The path's parameters. */
  readonly params: Readonly<Record<string, string>>;
  readonly body: unknown;
  /** The route's body schema took the body, so its keys are the contract's field names. */
  readonly bodyValid: boolean;
}

/** What to read before the call runs: one read by key. */
export type NameNeed =
  | { readonly kind: 'lead'; readonly id: string | null; readonly stageKey: string | null }
  | { readonly kind: 'conversation'; readonly id: string }
  | { readonly kind: 'group'; readonly threadId: string }
  | { readonly kind: 'customer'; readonly id: string; readonly tagIds: readonly string[] }
  | { readonly kind: 'contact'; readonly id: string }
  | { readonly kind: 'stage'; readonly id: string }
  | { readonly kind: 'quickReply'; readonly id: string }
  | { readonly kind: 'import'; readonly id: string };

/** What was read; each part absent when the record (or the list) was not there. */
export interface Names {
  /** The record's name (a thread's by decisions.md's rule, an import's file name). */
  readonly name?: string;
  /** A lead's stage key before the call. */
  readonly status?: string;
  /** The name of the stage the call's key names. */
  readonly stage?: string;
  /** Tag names, for the ids the call names. */
  readonly tags?: readonly string[];
  /** A group's thread. */
  readonly conversationId?: string;
  /** An import's kind (leads, customers). */
  readonly importKind?: string;
}

export interface NameReader {
  read(need: NameNeed): Promise<Names>;
}

/** Who threads and leads can be assigned to: the team and the AI agents, by upstream id. */
export interface Roster {
  readonly members: readonly { readonly id: string; readonly name: string }[];
  readonly aiAgents: readonly { readonly id: string; readonly name: string }[];
}

export const EMPTY_ROSTER: Roster = { members: [], aiAgents: [] };

/** A name as the log keeps it: trimmed, at most AUDIT_NAME_MAX characters, storable. */
export function auditName(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length <= AUDIT_NAME_MAX) return storableText(trimmed);
  let cut = trimmed.slice(0, AUDIT_NAME_MAX);
  // Not half of a character: a high surrogate whose pair was cut off goes too.
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${storableText(cut)}…`;
}

const named = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? auditName(value) : undefined;

const fieldsOf = (body: unknown): Record<string, unknown> =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

const idIn = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const subject = (
  kind: AuditSubjectKind,
  id: string | null | undefined,
  name: string | undefined,
): AuditSubject => ({
  kind,
  ...(id ? { id: auditName(id) } : {}),
  ...(name !== undefined ? { name: auditName(name) } : {}),
});

/** The changed fields' names, when the body was the route's (only then are its keys field names). */
const changed = (call: AuditCall, ...except: string[]): { fields?: string[] } => {
  if (!call.bodyValid) return {};
  const fields = Object.keys(fieldsOf(call.body)).filter((k) => !except.includes(k));
  return fields.length > 0 ? { fields: fields.slice(0, 30) } : {};
};

const personName = (roster: Roster, id: string): string | undefined =>
  roster.members.find((m) => m.id === id)?.name;
const agentName = (roster: Roster, id: string): string | undefined =>
  roster.aiAgents.find((m) => m.id === id)?.name;

/** An assignment: to whom (by name when the roster knows them), or to nobody. */
const assignment = (to: string | null, name: (id: string) => string | undefined): Summary =>
  to === null
    ? { verb: 'unassigned' }
    : { verb: 'assigned', ...(name(to) ? { to: auditName(name(to)!) } : {}) };

type Summary = Omit<AuditSummary, 'actor'>;

interface Wording {
  /** What to read before the call runs; none when the call names everything itself. */
  readonly need?: (call: AuditCall) => NameNeed | null;
  readonly summary: (call: AuditCall, names: Names, roster: Roster) => Summary;
}

const byId =
  (kind: Exclude<NameNeed['kind'], 'lead' | 'customer' | 'group'>) =>
  (call: AuditCall): NameNeed | null => {
    const id = call.params.id;
    return id ? ({ kind, id } as NameNeed) : null;
  };
const leadById = (call: AuditCall): NameNeed | null =>
  call.params.id ? { kind: 'lead', id: call.params.id, stageKey: null } : null;
const customerById = (call: AuditCall): NameNeed | null =>
  call.params.id ? { kind: 'customer', id: call.params.id, tagIds: [] } : null;

/** The thread in the path, by its name. */
const thread = (extra: (call: AuditCall, roster: Roster) => Summary = () => ({})): Wording => ({
  need: byId('conversation'),
  summary: (call, names, roster) => ({
    subject: subject('conversation', call.params.id, names.name),
    ...extra(call, roster),
  }),
});

/** A record in the path: its name then, and a rename when the body names it anew. */
const record = (kind: AuditSubjectKind, need: Wording['need'], nameField?: string): Wording => ({
  ...(need ? { need } : {}),
  summary: (call, names) => {
    const renamedTo = nameField ? named(fieldsOf(call.body)[nameField]) : undefined;
    const base = { subject: subject(kind, call.params.id, names.name ?? renamedTo) };
    if (renamedTo !== undefined && names.name !== undefined && renamedTo !== names.name)
      return { ...base, verb: 'renamed', from: names.name, to: renamedTo, ...changed(call, nameField!) };
    return { ...base, verb: 'updated', ...changed(call) };
  },
});

/** A record the body creates: named by the body (its id is not known yet). */
const created = (kind: AuditSubjectKind, name: (body: Record<string, unknown>) => unknown): Wording => ({
  summary: (call) => ({ subject: subject(kind, null, named(name(fieldsOf(call.body)))) }),
});

/** A record the path names, deleted or acted on without a body. */
const pathRecord = (kind: AuditSubjectKind, need: Wording['need']): Wording => ({
  ...(need ? { need } : {}),
  summary: (call, names) => ({ subject: subject(kind, call.params.id, names.name) }),
});

const UPSTREAM: { readonly [R in MutatingRouteId]: Wording } = {
  'conversations.send': {
    need: (call) => {
      const id = idIn(fieldsOf(call.body).conversationId);
      return id ? { kind: 'conversation', id } : null;
    },
    summary: (call, names) => {
      const body = fieldsOf(call.body);
      const template = fieldsOf(body.template);
      const templateName = named(template.templateName) ?? named(body.templateName);
      return {
        subject: subject('conversation', idIn(body.conversationId), names.name ?? named(body.contactName)),
        ...(templateName ? { detail: templateName } : {}),
      };
    },
  },
  'messages.sendText': thread(),
  'conversations.assignOwner': thread((call, roster) =>
    assignment(idIn(fieldsOf(call.body).userId), (id) => personName(roster, id)),
  ),
  'conversations.assignAgent': thread((call, roster) =>
    assignment(idIn(fieldsOf(call.body).agentId), (id) => agentName(roster, id)),
  ),
  'conversations.close': thread(),
  'conversations.reopen': thread(),
  'quickReplies.create': created('quickReply', (b) => b.title),
  'quickReplies.update': record('quickReply', byId('quickReply'), 'title'),
  'quickReplies.delete': pathRecord('quickReply', byId('quickReply')),
  'groups.approveJoinRequests': {
    need: (call) => (call.params.groupId ? { kind: 'group', threadId: call.params.groupId } : null),
    summary: (call, names) => {
      const numbers = fieldsOf(call.body).phoneNumbers;
      return {
        subject: subject('conversation', names.conversationId, names.name),
        ...(Array.isArray(numbers) ? { count: numbers.length } : {}),
      };
    },
  },
  'groups.inviteLink': {
    need: (call) => (call.params.groupId ? { kind: 'group', threadId: call.params.groupId } : null),
    summary: (_call, names) => ({ subject: subject('conversation', names.conversationId, names.name) }),
  },
  'leads.create': {
    need: (call) => {
      const key = idIn(fieldsOf(call.body).status);
      return key ? { kind: 'lead', id: null, stageKey: key } : null;
    },
    summary: (call, names) => {
      const body = fieldsOf(call.body);
      const key = idIn(body.status);
      return {
        subject: subject('lead', null, named(body.name)),
        ...(key ? { to: auditName(names.stage ?? key) } : {}),
      };
    },
  },
  'leads.update': {
    need: (call) =>
      call.params.id
        ? { kind: 'lead', id: call.params.id, stageKey: idIn(fieldsOf(call.body).status) }
        : null,
    summary: (call, names, roster) => {
      const body = fieldsOf(call.body);
      const about = { subject: subject('lead', call.params.id, names.name ?? named(body.name)) };
      const key = idIn(body.status);
      if (key !== null && key !== names.status)
        return { ...about, verb: 'moved', to: auditName(names.stage ?? key), ...changed(call, 'status') };
      if ('assigned_to_user_id' in body) {
        const to = assignment(idIn(body.assigned_to_user_id), (id) => personName(roster, id));
        return { ...about, ...to, ...changed(call, 'assigned_to_user_id', 'status') };
      }
      const renamedTo = named(body.name);
      if (renamedTo !== undefined && names.name !== undefined && renamedTo !== names.name)
        return {
          ...about,
          verb: 'renamed',
          from: names.name,
          to: renamedTo,
          ...changed(call, 'name', 'status'),
        };
      return { ...about, verb: 'updated', ...changed(call, 'status') };
    },
  },
  'leads.delete': pathRecord('lead', leadById),
  'leads.reassign': {
    need: leadById,
    summary: (call, names, roster) => ({
      subject: subject('lead', call.params.id, names.name),
      ...assignment(idIn(fieldsOf(call.body).assigned_to_user_id), (id) => personName(roster, id)),
    }),
  },
  'leadStages.create': created('stage', (b) => b.name),
  'leadStages.update': record('stage', byId('stage'), 'name'),
  'leadStages.delete': pathRecord('stage', byId('stage')),
  'customers.create': created('customer', (b) => b.name),
  'customers.update': record('customer', customerById, 'name'),
  'customers.addTags': {
    need: (call) => {
      const ids = fieldsOf(call.body).tagIds;
      const tagIds = Array.isArray(ids)
        ? ids.filter((t): t is string => typeof t === 'string').slice(0, 50)
        : [];
      return call.params.id ? { kind: 'customer', id: call.params.id, tagIds } : null;
    },
    summary: (call, names) => ({
      subject: subject('customer', call.params.id, names.name),
      ...(names.tags && names.tags.length > 0 ? { detail: auditName(names.tags.join(', ')) } : {}),
    }),
  },
  'contacts.create': created('contact', (b) =>
    contactName({
      first_name: typeof b.first_name === 'string' ? b.first_name : null,
      last_name: typeof b.last_name === 'string' ? b.last_name : null,
    }),
  ),
  'contacts.update': record('contact', byId('contact')),
  'activities.create': {
    need: (call) => {
      const body = fieldsOf(call.body);
      const lead = idIn(body.lead_id);
      const customer = idIn(body.customer_id);
      if (lead) return { kind: 'lead', id: lead, stageKey: null };
      return customer ? { kind: 'customer', id: customer, tagIds: [] } : null;
    },
    summary: (call, names) => {
      const body = fieldsOf(call.body);
      const lead = idIn(body.lead_id);
      const type = named(body.activity_type);
      return {
        subject: lead
          ? subject('lead', lead, names.name)
          : subject('customer', idIn(body.customer_id), names.name),
        ...(type ? { detail: type } : {}),
      };
    },
  },
};

const importJob: Wording = {
  need: byId('import'),
  summary: (call, names) => ({
    subject: subject('import', call.params.id, names.name),
    ...(names.importKind ? { detail: auditName(names.importKind) } : {}),
  }),
};

const OWN: { readonly [A in BffAuditedAction]: Wording } = {
  'POST /bff/conversations/:id/notes': thread(),
  'POST /bff/conversations/:id/read': thread(),
  'POST /bff/conversations/:id/unread': thread(),
  'POST /bff/mentions/:noteId/read': { summary: () => ({}) },
  // Sent every few seconds while a thread is open: nothing is read for it.
  'POST /bff/presence': { summary: () => ({}) },
  'PUT /bff/me/preferences': { summary: () => ({}) },
  'POST /bff/imports': {
    summary: (call) => {
      const body = fieldsOf(call.body);
      const kind = named(body.kind);
      return { subject: subject('import', null, named(body.fileName)), ...(kind ? { detail: kind } : {}) };
    },
  },
  'POST /bff/imports/:id/start': importJob,
  'POST /bff/imports/:id/pause': importJob,
  'POST /bff/imports/:id/cancel': importJob,
  'POST /bff/workspace/reload': { summary: () => ({}) },
};

const WORDINGS: ReadonlyMap<string, Wording> = new Map([...Object.entries(UPSTREAM), ...Object.entries(OWN)]);

/** What to read for a call's names, if anything. */
export function nameNeed(call: AuditCall): NameNeed | null {
  return WORDINGS.get(call.action)?.need?.(call) ?? null;
}

/** The call in names; null for an action without words (the browser shows it raw). */
export function summarize(call: AuditCall, names: Names, roster: Roster): Summary | null {
  const wording = WORDINGS.get(call.action);
  return wording ? wording.summary(call, names, roster) : null;
}

/** A list kept whole (stages, tags, quick replies): the item whose `field` is `value`, by name. */
const listItem = (list: string, field: string, value: string, pick: string) =>
  sql<
    string | null
  >`(select item->>${sql.lit(pick)} from ws_lists l cross join lateral jsonb_array_elements(l.data) item
    where l.name = ${list} and item->>${sql.lit(field)} = ${value} limit 1)`;

/** Reads names from the workspace tables (and the import jobs): one statement, by key, per call. */
export class WorkspaceNames implements NameReader {
  constructor(private readonly db: Kysely<Database>) {}

  async read(need: NameNeed): Promise<Names> {
    switch (need.kind) {
      case 'lead': {
        const row = await this.one<{ name: string | null; status: string | null; stage: string | null }>(
          sql`select
            ${need.id === null ? sql`null` : sql`(select data->>'name' from ws_leads where id = ${need.id} and removed_at is null)`} as name,
            ${need.id === null ? sql`null` : sql`(select data->>'status' from ws_leads where id = ${need.id} and removed_at is null)`} as status,
            ${need.stageKey === null ? sql`null` : listItem('stages', 'key', need.stageKey, 'name')} as stage`,
        );
        return clean({ name: row?.name, status: row?.status, stage: row?.stage });
      }
      case 'conversation':
      case 'group': {
        const where =
          need.kind === 'conversation'
            ? sql`c.id = ${need.id}`
            : sql`c.external_thread_id = ${need.threadId}`;
        const row = await this.one<{
          conversation: Conversation;
          contact: { first_name?: string | null; last_name?: string | null } | null;
          messages: Message[] | null;
          platform: Platform | null;
        }>(sql`select c.data as conversation,
            (select jsonb_build_object('first_name', ct.data->'first_name', 'last_name', ct.data->'last_name')
              from ws_contacts ct where ct.id = c.contact_id and ct.removed_at is null) as contact,
            (select jsonb_agg(m.item) from (
              select jsonb_build_object('direction', data->'direction', 'sender_name', data->'sender_name',
                'created_at', data->'created_at') as item
              from ws_messages where conversation_id = c.id order by created_at desc, id desc limit 20) m) as messages,
            (select item->>'platform' from ws_lists l cross join lateral jsonb_array_elements(l.data) item
              where l.name = 'channels' and item->>'id' = c.channel_id limit 1) as platform
          from ws_conversations c where ${where} and c.removed_at is null order by c.id limit 1`);
        if (!row) return {};
        const name = conversationName(row.conversation, {
          contact: row.contact ?? undefined,
          messages: row.messages ?? [],
          platform: row.platform ?? undefined,
        });
        return clean({ name, conversationId: row.conversation.id });
      }
      case 'customer': {
        const row = await this.one<{ name: string | null; tags: string[] | null }>(
          sql`select (select name from ws_customers where id = ${need.id} and removed_at is null) as name,
            ${
              need.tagIds.length === 0
                ? sql`null`
                : sql`(select jsonb_agg(item->>'name') from ws_lists l cross join lateral jsonb_array_elements(l.data) item
                    where l.name = 'tags' and item->>'id' = any(${[...need.tagIds]}::text[]))`
            } as tags`,
        );
        return clean({ name: row?.name, tags: row?.tags ?? undefined });
      }
      case 'contact': {
        const row = await this.one<{ first_name: string | null; last_name: string | null }>(
          sql`select data->>'first_name' as first_name, data->>'last_name' as last_name
            from ws_contacts where id = ${need.id} and removed_at is null`,
        );
        return row ? clean({ name: contactName(row) }) : {};
      }
      case 'stage':
        return clean({
          name: (
            await this.one<{ name: string | null }>(
              sql`select ${listItem('stages', 'id', need.id, 'name')} as name`,
            )
          )?.name,
        });
      case 'quickReply':
        return clean({
          name: (
            await this.one<{ name: string | null }>(
              sql`select ${listItem('quickReplies', 'id', need.id, 'title')} as name`,
            )
          )?.name,
        });
      case 'import': {
        const row = await this.one<{ file_name: string; kind: string }>(
          sql`select file_name, kind from import_jobs where id = ${need.id}`,
        );
        return row ? clean({ name: row.file_name, importKind: row.kind }) : {};
      }
    }
  }

  private async one<T>(query: RawBuilder<T>): Promise<T | undefined> {
    return (await query.execute(this.db)).rows[0];
  }
}

/** Drops what was not found (null, empty), so a summary never says "moved lead  to"; names are cut. */
function clean(found: {
  name?: string | null | undefined;
  status?: string | null | undefined;
  stage?: string | null | undefined;
  tags?: readonly (string | null)[] | undefined;
  conversationId?: string | undefined;
  importKind?: string | undefined;
}): Names {
  const out: { -readonly [K in keyof Names]: Names[K] } = {};
  if (found.name?.trim()) out.name = auditName(found.name);
  // A key, compared with the call's: kept as it is.
  if (found.status) out.status = found.status;
  if (found.stage?.trim()) out.stage = auditName(found.stage);
  const tags = found.tags?.filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  if (tags && tags.length > 0) out.tags = tags.slice(0, 50).map(auditName);
  if (found.conversationId) out.conversationId = found.conversationId;
  if (found.importKind) out.importKind = auditName(found.importKind);
  return out;
}
