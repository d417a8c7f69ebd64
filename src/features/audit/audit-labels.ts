import { AUTH_ACTIONS, ROUTES, type AuditOutcome } from '@/contract';

// How the audit page words what the log stores: actions are contract route ids or the BFF's own
// sign-in actions; outcomes are the four the BFF records.

export const OUTCOME_LABELS: Record<AuditOutcome, string> = {
  success: 'Succeeded',
  failure: 'Failed',
  refused: 'Refused',
  throttled: 'Rate limited',
};

export const OUTCOME_TONES: Record<AuditOutcome, 'success' | 'danger' | 'warning'> = {
  success: 'success',
  failure: 'danger',
  refused: 'danger',
  throttled: 'warning',
};

export interface ActionOption {
  readonly id: string;
  /** What the call does on the wire, e.g. `PATCH /v1/leads/{id}`. */
  readonly detail: string;
}

/** Every action the log can hold, for the filter: sign-in and sign-out, then each state-changing route. */
export const ACTION_OPTIONS: readonly ActionOption[] = [
  { id: AUTH_ACTIONS.login, detail: 'Sign-in attempt' },
  { id: AUTH_ACTIONS.logout, detail: 'Sign-out' },
  ...ROUTES.filter((r) => r.mutates)
    .map((r) => ({ id: r.id, detail: `${r.method} ${r.path}` }))
    .sort((a, b) => a.id.localeCompare(b.id)),
];

const DETAILS = new Map(ACTION_OPTIONS.map((o) => [o.id, o.detail]));

/** The wire-level description of an action, when the log's action is one this build knows. */
export const actionDetail = (action: string): string | undefined => DETAILS.get(action);

/** The page a record of an action opens on, when the record has one. */
export function recordLink(
  action: string,
  record: Readonly<Record<string, string>> | null,
):
  | { to: '/customers/$customerId'; params: { customerId: string } }
  | { to: '/contacts/$contactId'; params: { contactId: string } }
  | { to: '/inbox/$conversationId'; params: { conversationId: string } }
  | { to: '/leads'; search: { lead: string } }
  | null {
  const id = record?.id;
  if (id === undefined) return null;
  if (action === 'leads.update' || action === 'leads.reassign') return { to: '/leads', search: { lead: id } };
  if (action.startsWith('customers.')) return { to: '/customers/$customerId', params: { customerId: id } };
  if (action.startsWith('contacts.')) return { to: '/contacts/$contactId', params: { contactId: id } };
  if (action.startsWith('conversations.'))
    return { to: '/inbox/$conversationId', params: { conversationId: id } };
  return null;
}
