import {
  type AuditSubject,
  type AuditSubjectKind,
  type AuditSummary,
  type BffAuditedAction,
  type MutatingRouteId,
} from '../../contract/audit-summary';
import { ASSIGNMENT_MODE_LABELS, AssignmentMode } from '../../contract/assignment';
import { AvailabilityStatus } from '../../contract/availability';
import { contactName } from '../../contract/contact-links';
import { auditName, type AuditCall, type NameNeed, type Names, type Roster } from './audit-call';

// What an audited call did, in names (issue 36.3). Before the handler runs, the record's name is
// read from the workspace tables by its key (a delete removes the record; a rename changes it);
// once the answer has gone, the summary is put together from the call, those names and the team's
// roster, and stored with the entry. Names only: never a message's text, a body's values beyond
// names, a password or a secret. One table per kind of action, keyed by its id, so a new route of
// the contract does not compile without its entry here (and in the browser's words).

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
  // The status chosen, only when it is one (a refused body names nothing).
  'PUT /bff/availability/me': {
    summary: (call) => {
      const status = AvailabilityStatus.safeParse(fieldsOf(call.body).status);
      return status.success ? { to: status.data } : {};
    },
  },
  // Business hours and SLA targets are saved whole: nothing to name.
  'PUT /bff/sla': { summary: () => ({}) },
  // Which way the rule hands threads out, and whether it is on (a refused body names nothing).
  'PUT /bff/assignment/rules/:channelId': {
    summary: (call) => {
      const mode = AssignmentMode.safeParse(fieldsOf(call.body).mode);
      const enabled = fieldsOf(call.body).enabled;
      return mode.success && typeof enabled === 'boolean'
        ? { detail: `${ASSIGNMENT_MODE_LABELS[mode.data]}${enabled ? '' : ', off'}` }
        : {};
    },
  },
  // Labels and saved views (src/server/labels): the name given, when the body gives one.
  'POST /bff/labels': { summary: (call) => givenName('detail', call) },
  'PUT /bff/labels/:id': { summary: (call) => givenName('to', call) },
  'POST /bff/labels/:id/delete': { summary: () => ({}) },
  'POST /bff/conversations/:id/labels': thread(),
  'POST /bff/views': { summary: (call) => givenName('detail', call) },
  'PUT /bff/views/:id': { summary: (call) => givenName('to', call) },
  'POST /bff/views/:id/delete': { summary: () => ({}) },
};

/** The body's `name` as the summary's `detail` (a new record) or `to` (a rename); nothing without one. */
function givenName(as: 'detail' | 'to', call: AuditCall): Summary {
  const name = named(fieldsOf(call.body).name);
  return name ? { [as]: name } : {};
}

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
