import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

const RELATED_LIMIT = 5;

/** Leads whose name, email or company matches the customer's company (or name): a text match only. */
export const relatedLeadsQuery = (term: string) =>
  queryOptions({
    // Own keys: the leads and inbox features may keep infinite lists under their own list keys.
    queryKey: ['customers', 'related-leads', term] as const,
    queryFn: ({ signal }) =>
      callApi('leads.list', { query: { search: term, limit: RELATED_LIMIT, page: 1 }, signal }),
  });

/** Conversations whose contact name or last message matches the customer's name: a text match only. */
export const relatedConversationsQuery = (term: string) =>
  queryOptions({
    queryKey: ['customers', 'related-conversations', term] as const,
    queryFn: ({ signal }) =>
      callApi('conversations.list', { query: { search: term, limit: RELATED_LIMIT, page: 1 }, signal }),
  });
