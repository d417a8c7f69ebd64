import {
  AUTH_ACTIONS,
  AUTOMATIC_ACTIONS,
  AVAILABILITY_LABELS,
  AvailabilityStatus,
  summaryOf,
  type AuditEntry,
  type AuditSubject,
  type AuditSubjectKind,
  type AuditSummary,
  type BffAuditedAction,
  type MutatingRouteId,
} from '@/contract';

// An audit entry in words (issue 36.3): "Marco Manager moved lead Ana Silva to Qualified". The BFF
// stores what the call did in names as they were then (contract/audit-summary.ts); this words it,
// with the record as a link to its page. One phrase per action: every state-changing route of the
// contract (a new one does not compile without its words), the BFF's own actions, sign-in and
// sign-out. An entry without a summary this build can read is worded as null: the page shows its
// raw action instead.

/** Where a record's name links to. */
export type RecordLink =
  | { readonly to: '/leads'; readonly search: { readonly lead: string } }
  | { readonly to: '/settings/stages' }
  | { readonly to: '/inbox/$conversationId'; readonly params: { readonly conversationId: string } }
  | { readonly to: '/customers/$customerId'; readonly params: { readonly customerId: string } }
  | { readonly to: '/contacts/$contactId'; readonly params: { readonly contactId: string } }
  | { readonly to: '/quick-replies' }
  | { readonly to: '/import'; readonly search: { readonly job: string } };

/** A piece of the sentence: plain words, who did it, or a record (linked when it has a page). */
export type Segment =
  string | { readonly who: string } | { readonly record: string; readonly link: RecordLink | null };

export interface Words {
  readonly segments: readonly Segment[];
  /** The sentence as plain text (a title, a test). */
  readonly text: string;
}

/** A record's page, when it has one. */
export function subjectLink(kind: AuditSubjectKind, id: string | undefined): RecordLink | null {
  switch (kind) {
    case 'lead':
      return id ? { to: '/leads', search: { lead: id } } : null;
    case 'conversation':
      return id ? { to: '/inbox/$conversationId', params: { conversationId: id } } : null;
    case 'customer':
      return id ? { to: '/customers/$customerId', params: { customerId: id } } : null;
    case 'contact':
      return id ? { to: '/contacts/$contactId', params: { contactId: id } } : null;
    case 'import':
      return id ? { to: '/import', search: { job: id } } : null;
    case 'stage':
      return { to: '/settings/stages' };
    case 'quickReply':
      return { to: '/quick-replies' };
  }
}

/** How the words name a field the call changed (the contract's field names). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  company_name: 'company',
  status: 'stage',
  customer_type: 'type',
  assigned_to_user_id: 'owner',
  expected_close_date: 'expected close date',
  custom_fields: 'custom fields',
  first_name: 'first name',
  last_name: 'last name',
  is_primary: 'primary contact',
  image_url: 'photo',
  color: 'colour',
  is_default: 'default stage',
  is_won: 'won stage',
  is_lost: 'lost stage',
  body: 'text',
};
export const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? field.replace(/_/g, ' ');

const ACTIVITIES: Readonly<Record<string, string>> = {
  call: 'a call',
  email: 'an email',
  meeting: 'a meeting',
  note: 'a note',
  task: 'a task',
  deal: 'a deal',
  support_ticket: 'a support ticket',
  sms: 'an SMS',
};

/** What a phrase is given: the summary, and the verb in the tense the outcome calls for. */
interface Ctx {
  readonly s: AuditSummary;
  /** "moved" when it succeeded, "tried to move" when it did not. */
  readonly v: (done: string, tried: string) => string;
}
type Phrase = (ctx: Ctx) => Segment[];

/** The record, by name (or a short id), linked unless it is gone. */
const named = (subject: AuditSubject | undefined, link = true): Segment | null => {
  if (!subject) return null;
  const text = subject.name ?? (subject.id ? `#${subject.id.slice(0, 8)}` : null);
  if (text === null) return null;
  return { record: text, link: link ? subjectLink(subject.kind, subject.id) : null };
};

/** "lead Ana Silva", or "a lead" when nothing names it. */
const noun = (word: string, s: AuditSummary, link = true): Segment[] => {
  const record = named(s.subject, link);
  return record ? [`${word} `, record] : [/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`];
};

/** "the conversation with Priya Virtanen", or "a conversation". */
const thread = (s: AuditSummary): Segment[] => {
  const record = named(s.subject);
  return record ? ['the conversation with ', record] : ['a conversation'];
};

const list = (fields: readonly string[]): string => fields.map(fieldLabel).join(', ');
/** ": value, phone" after an edit. */
const whichFields = (s: AuditSummary): Segment[] => (s.fields?.length ? [`: ${list(s.fields)}`] : []);
/** " and changed value" after a move or an assignment. */
const alsoFields = (s: AuditSummary): Segment[] =>
  s.fields?.length ? [` and changed ${list(s.fields)}`] : [];

/** Moved, assigned, renamed or edited: a lead's or a record's PATCH. */
const edited =
  (word: string): Phrase =>
  ({ s, v }) => {
    if (s.verb === 'renamed' && s.from !== undefined && s.to !== undefined)
      return [
        v('renamed', 'rename'),
        ` ${word} `,
        { record: s.from, link: null },
        ' to ',
        { record: s.to, link: subjectLink(s.subject?.kind ?? 'lead', s.subject?.id) },
        ...alsoFields(s),
      ];
    return [v('updated', 'update'), ' ', ...noun(word, s), ...whichFields(s)];
  };

const assigned = (word: string, s: AuditSummary, v: Ctx['v']): Segment[] =>
  s.verb === 'unassigned'
    ? [v('unassigned', 'unassign'), ' ', ...noun(word, s)]
    : [v('assigned', 'assign'), ' ', ...noun(word, s), ' to ', s.to ?? 'a teammate', ...alsoFields(s)];

const UPSTREAM_WORDS: { readonly [R in MutatingRouteId]: Phrase } = {
  'conversations.send': ({ s, v }) => {
    const to = named(s.subject);
    const what = s.detail !== undefined ? ['template ', { record: s.detail, link: null }] : ['a message'];
    return [v('sent', 'send'), ' ', ...what, ...(to ? [' to ', to] : [' to a new contact'])];
  },
  'messages.sendText': ({ s, v }) => {
    const to = named(s.subject);
    return to ? [v('replied to', 'reply to'), ' ', to] : [v('replied in', 'reply in'), ' a conversation'];
  },
  'conversations.assignOwner': ({ s, v }) =>
    s.verb === 'unassigned'
      ? [v('unassigned', 'unassign'), ' ', ...thread(s)]
      : [v('assigned', 'assign'), ' ', ...thread(s), ' to ', s.to ?? 'a teammate'],
  'conversations.assignAgent': ({ s, v }) =>
    s.verb === 'unassigned'
      ? [v('took', 'take'), ' the AI agent off ', ...thread(s)]
      : [
          v('handed', 'hand'),
          ' ',
          ...thread(s),
          s.to !== undefined ? ` to AI agent ${s.to}` : ' to an AI agent',
        ],
  'conversations.close': ({ s, v }) => [v('closed', 'close'), ' ', ...thread(s)],
  'conversations.reopen': ({ s, v }) => [v('reopened', 'reopen'), ' ', ...thread(s)],
  'quickReplies.create': ({ s, v }) => [v('created', 'create'), ' ', ...noun('quick reply', s)],
  'quickReplies.update': edited('quick reply'),
  'quickReplies.delete': ({ s, v }) => [v('deleted', 'delete'), ' ', ...noun('quick reply', s, false)],
  'groups.approveJoinRequests': ({ s, v }) => [
    v('approved', 'approve'),
    s.count === undefined ? ' join requests' : ` ${String(s.count)} join request${s.count === 1 ? '' : 's'}`,
    ' for ',
    ...noun('group', s),
  ],
  'groups.inviteLink': ({ s, v }) => [v('created', 'create'), ' an invite link for ', ...noun('group', s)],
  'leads.create': ({ s, v }) => [
    v('created', 'create'),
    ' ',
    ...noun('lead', s),
    ...(s.to !== undefined ? [` in ${s.to}`] : []),
  ],
  'leads.update': ({ s, v }) => {
    if (s.verb === 'moved')
      return [v('moved', 'move'), ' ', ...noun('lead', s), ' to ', s.to ?? 'another stage', ...alsoFields(s)];
    if (s.verb === 'assigned' || s.verb === 'unassigned') return assigned('lead', s, v);
    return edited('lead')({ s, v });
  },
  'leads.delete': ({ s, v }) => [v('deleted', 'delete'), ' ', ...noun('lead', s, false)],
  'leads.reassign': ({ s, v }) => assigned('lead', s, v),
  'leadStages.create': ({ s, v }) => [v('added', 'add'), ' ', ...noun('stage', s)],
  'leadStages.update': edited('stage'),
  'leadStages.delete': ({ s, v }) => [v('deleted', 'delete'), ' ', ...noun('stage', s, false)],
  'customers.create': ({ s, v }) => [v('created', 'create'), ' ', ...noun('customer', s)],
  'customers.update': edited('customer'),
  'customers.addTags': ({ s, v }) =>
    s.detail !== undefined
      ? [v('tagged', 'tag'), ' ', ...noun('customer', s), ' with ', { record: s.detail, link: null }]
      : [v('added', 'add'), ' tags to ', ...noun('customer', s)],
  'contacts.create': ({ s, v }) => [v('added', 'add'), ' ', ...noun('contact', s)],
  'contacts.update': edited('contact'),
  'activities.create': ({ s, v }) => [
    v('logged', 'log'),
    ` ${(s.detail !== undefined ? ACTIVITIES[s.detail] : undefined) ?? 'an activity'} on `,
    ...noun(s.subject?.kind === 'customer' ? 'customer' : 'lead', s),
  ],
};

const importJob =
  (done: string, tried: string): Phrase =>
  ({ s, v }) => {
    const job = named(s.subject);
    return [v(done, tried), ' ', ...(job ? ['the import of ', job] : ['an import'])];
  };

const OWN_WORDS: { readonly [A in BffAuditedAction]: Phrase } = {
  'POST /bff/conversations/:id/notes': ({ s, v }) => [v('added', 'add'), ' a note to ', ...thread(s)],
  'POST /bff/conversations/:id/read': ({ s, v }) => [v('marked', 'mark'), ' ', ...thread(s), ' as read'],
  'POST /bff/conversations/:id/unread': ({ s, v }) => [v('marked', 'mark'), ' ', ...thread(s), ' as unread'],
  'POST /bff/mentions/:noteId/read': ({ v }) => [v('marked', 'mark'), ' a mention as read'],
  'POST /bff/presence': ({ v }) => [v('said', 'say'), ' which conversation they are viewing'],
  'PUT /bff/me/preferences': ({ v }) => [v('changed', 'change'), ' their notification preferences'],
  'POST /bff/imports': ({ s, v }) => {
    const file = named(s.subject, false);
    return [
      v('uploaded', 'upload'),
      ` an import of ${s.detail ?? 'records'}`,
      ...(file ? [' from ', file] : []),
    ];
  },
  'POST /bff/imports/:id/start': importJob('started', 'start'),
  'POST /bff/imports/:id/pause': importJob('paused', 'pause'),
  'POST /bff/imports/:id/cancel': importJob('cancelled', 'cancel'),
  'POST /bff/workspace/reload': ({ v }) => [v('reloaded', 'reload'), ' the workspace from the upstream'],
  'PUT /bff/availability/me': ({ s, v }) => {
    const status = AvailabilityStatus.safeParse(s.to);
    return [
      v('set', 'set'),
      ' their status',
      ...(status.success ? [` to ${AVAILABILITY_LABELS[status.data]}`] : []),
    ];
  },
  'PUT /bff/sla': ({ v }) => [v('changed', 'change'), ' the business hours and SLA targets'],
  'PUT /bff/assignment/rules/:channelId': ({ s, v }) => [
    v('set', 'set'),
    ' an assignment rule',
    ...(s.detail !== undefined ? [` (${s.detail})`] : []),
  ],
  'POST /bff/labels': ({ s, v }) => [v('created', 'create'), ' the label', ...givenName(s.detail)],
  'PUT /bff/labels/:id': ({ s, v }) => [v('changed', 'change'), ' a label', ...renamedTo(s.to)],
  'POST /bff/labels/:id/delete': ({ v }) => [v('deleted', 'delete'), ' a label'],
  'POST /bff/conversations/:id/labels': ({ s, v }) => [
    v('changed', 'change'),
    ' the labels of ',
    ...thread(s),
  ],
  'POST /bff/views': ({ s, v }) => [v('saved', 'save'), ' the inbox view', ...givenName(s.detail)],
  'PUT /bff/views/:id': ({ s, v }) => [v('changed', 'change'), ' an inbox view', ...renamedTo(s.to)],
  'POST /bff/views/:id/delete': ({ v }) => [v('deleted', 'delete'), ' an inbox view'],
};

/** " Urgent" after a new label's or view's words, when the entry kept its name. */
const givenName = (name: string | undefined): Segment[] =>
  name === undefined ? [] : [' ', { record: name, link: null }];
const renamedTo = (name: string | undefined): Segment[] =>
  name === undefined ? [] : [' to ', { record: name, link: null }];

const PHRASES: ReadonlyMap<string, Phrase> = new Map([
  ...Object.entries(UPSTREAM_WORDS),
  ...Object.entries(OWN_WORDS),
]);

const textOf = (segments: readonly Segment[]): string =>
  segments.map((s) => (typeof s === 'string' ? s : 'who' in s ? s.who : s.record)).join('');

const words = (segments: Segment[]): Words => ({ segments, text: textOf(segments) });

/** The entry in words; null when this build has none for it (the page shows the raw action). */
export function auditWords(entry: AuditEntry): Words | null {
  const summary = summaryOf(entry);
  const name = summary?.actor ?? entry.username;
  if (entry.action === AUTH_ACTIONS.logout) return name ? words([{ who: name }, ' signed out']) : null;
  if (entry.action === AUTH_ACTIONS.login) {
    if (entry.outcome === 'success') return name ? words([{ who: name }, ' signed in']) : null;
    // The account tried, by the name typed for it (only kept when the account exists).
    const whose: Segment = entry.username ? { who: entry.username } : 'an unknown account';
    return words([
      entry.outcome === 'throttled' ? 'Sign-in was held back for ' : 'Sign-in failed for ',
      whose,
    ]);
  }
  if (entry.action === AUTOMATIC_ACTIONS.assignment) return summary ? automaticAssignment(summary) : null;
  const phrase = PHRASES.get(entry.action);
  if (phrase === undefined || summary === null) return null;
  const done = entry.outcome === 'success';
  const v = (past: string, base: string) => (done ? past : `tried to ${base}`);
  return words([name ? { who: name } : 'Someone', ' ', ...phrase({ s: summary, v })]);
}

/**
 * An assignment rule's change (no one's call): "Thread Ana Silva was assigned automatically to
 * Marco Manager by the WhatsApp rule (round robin)"; after no reply in time, moved or sent back.
 */
function automaticAssignment(s: AuditSummary): Words {
  const subject = named(s.subject);
  const head: Segment[] = ['Thread ', ...(subject ? [subject] : ['(unnamed)'])];
  const rule = s.detail !== undefined ? [` by the ${s.detail}`] : [];
  switch (s.verb) {
    case 'unassigned':
      return words([...head, ' went back to the queue from ', { who: s.from ?? 'its owner' }, ...rule]);
    case 'moved':
      return words([
        ...head,
        ' moved from ',
        { who: s.from ?? 'its owner' },
        ' to ',
        { who: s.to ?? 'a teammate' },
        ...rule,
      ]);
    default:
      return words([...head, ' was assigned automatically to ', { who: s.to ?? 'a teammate' }, ...rule]);
  }
}
