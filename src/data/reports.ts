import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InboxReportQuery, PipelineReportQuery } from '@/contract';
import { call } from '@/lib/api-client';

// Reports from the BFF's recorded history (src/server/reports), for managers and admins.

export const reportKeys = {
  all: ['reports'] as const,
  inbox: (query: InboxReportQuery) => ['reports', 'inbox', query] as const,
};

export const inboxReportQuery = (query: InboxReportQuery) =>
  queryOptions({
    queryKey: reportKeys.inbox(query),
    queryFn: ({ signal }) => call('reports.inbox', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });

export const pipelineReportQuery = (query: PipelineReportQuery) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'pipeline', query] as const,
    queryFn: ({ signal }) => call('reports.pipeline', { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
