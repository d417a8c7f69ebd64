import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Template, TemplateList } from '@/contract';
import { call } from '@/lib/api-client';

export const templateKeys = {
  all: ['templates'] as const,
  list: (channelId: string) => ['templates', 'list', channelId] as const,
};

/** A channel's templates, every status (the picker offers the approved ones). */
export const templatesQuery = (channelId: string) =>
  queryOptions({
    queryKey: templateKeys.list(channelId),
    queryFn: ({ signal }) => call('templates.list', { query: { channelId }, signal }),
    staleTime: 5 * 60_000,
  });

export function replaceTemplates(
  queryClient: QueryClient,
  channelId: string,
  templates: readonly Template[],
) {
  queryClient.setQueryData<TemplateList>(templateKeys.list(channelId), (old) => ({
    ...old,
    templates: [...templates],
  }));
}
