import { queryOptions } from '@tanstack/react-query';
import type { AuditQuery } from '@/contract';
import { call } from '@/lib/api-client';

// The audit log (`audit.list`, admins only): the BFF's own record of state-changing calls and
// sign-ins. It is never written from the browser, so there are no cache writers here.

export type AuditFilters = Omit<AuditQuery, 'page' | 'limit'> & { page: number; limit: number };

export const auditKeys = {
  all: ['audit'] as const,
  page: (filters: AuditFilters) => ['audit', 'page', filters] as const,
};

export const auditPageQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.page(filters),
    queryFn: ({ signal }) => call('audit.list', { query: filters, signal }),
    // New entries arrive with every call anyone makes: re-read when the page is revisited.
    staleTime: 0,
  });
