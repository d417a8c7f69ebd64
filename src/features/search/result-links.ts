import type { MessageHit, RecordHit, SearchResults } from '@/contract';

// Where each kind of result opens. A message opens its thread scrolled to it.

export type ResultKind = 'messages' | 'contacts' | 'customers' | 'leads' | 'quickReplies';

export const RESULT_GROUPS: readonly { kind: ResultKind; label: string }[] = [
  { kind: 'messages', label: 'Messages' },
  { kind: 'contacts', label: 'Contacts' },
  { kind: 'customers', label: 'Customers' },
  { kind: 'leads', label: 'Leads' },
  { kind: 'quickReplies', label: 'Quick replies' },
];

export type ResultTarget =
  | { to: '/inbox/$conversationId'; params: { conversationId: string }; search: { message: string } }
  | { to: '/contacts/$contactId'; params: { contactId: string } }
  | { to: '/customers/$customerId'; params: { customerId: string } }
  | { to: '/leads'; search: { lead: string } }
  | { to: '/quick-replies' };

export function messageTarget(hit: MessageHit): ResultTarget {
  return {
    to: '/inbox/$conversationId',
    params: { conversationId: hit.conversationId },
    search: { message: hit.messageId },
  };
}

export function recordTarget(kind: Exclude<ResultKind, 'messages'>, hit: RecordHit): ResultTarget {
  switch (kind) {
    case 'contacts':
      return { to: '/contacts/$contactId', params: { contactId: hit.id } };
    case 'customers':
      return { to: '/customers/$customerId', params: { customerId: hit.id } };
    case 'leads':
      return { to: '/leads', search: { lead: hit.id } };
    case 'quickReplies':
      return { to: '/quick-replies' };
  }
}

export const resultCount = (results: SearchResults): number =>
  RESULT_GROUPS.reduce((n, g) => n + results[g.kind].length, 0);
