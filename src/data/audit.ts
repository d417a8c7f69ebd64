import { queryOptions } from '@tanstack/react-query';
import { AuditPage, type AuditQuery } from '@/contract';
import { callBff } from '@/lib/api-client';

// The audit log (`GET /bff/audit`, admins only): the BFF's own record of state-changing calls and
// sign-ins. It is never written from the browser, so there are no cache writers here.

export type AuditFilters = Omit<AuditQuery, 'page' | 'limit'> & { page: number; limit: number };

export const auditKeys = {
  all: ['audit'] as const,
  page: (filters: AuditFilters) => ['audit', 'page', filters] as const,
};

/** The query string of a filter set: only what is set, in a stable order. */
export function auditSearchParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['user', 'action', 'outcome', 'from', 'to', 'page', 'limit'] as const) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params;
}

export const auditPageQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.page(filters),
    queryFn: ({ signal }) =>
      callBff(`/bff/audit?${auditSearchParams(filters).toString()}`, AuditPage, { signal }),
    // New entries arrive with every call anyone makes: re-read when the page is revisited.
    staleTime: 0,
  });
