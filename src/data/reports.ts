import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { InboxReport, PipelineReport, type InboxReportQuery, type PipelineReportQuery } from '@/contract';
import { callBff } from '@/lib/api-client';

// Reports from the BFF's recorded history (src/server/reports), for managers and admins.

export const reportKeys = {
  all: ['reports'] as const,
  inbox: (query: InboxReportQuery) => ['reports', 'inbox', query] as const,
};

export const inboxReportQuery = (query: InboxReportQuery) =>
  queryOptions({
    queryKey: reportKeys.inbox(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ from: query.from, to: query.to });
      if (query.channel) params.set('channel', query.channel);
      if (query.target) params.set('target', String(query.target));
      return callBff(`/bff/reports/inbox?${params.toString()}`, InboxReport, { signal });
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });

export const pipelineReportQuery = (query: PipelineReportQuery) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'pipeline', query] as const,
    queryFn: ({ signal }) =>
      callBff(
        `/bff/reports/pipeline?${new URLSearchParams({ from: query.from, to: query.to }).toString()}`,
        PipelineReport,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
