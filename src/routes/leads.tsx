import { createFileRoute } from '@tanstack/react-router';
import { errorScreen } from '@/components/app-screens';
import { leadStagesQuery } from '@/data/lead-stages';
import { LIST_PAGE_SIZE, leadQuery, leadsPageQuery, upstreamFilters } from '@/data/leads';
import { LeadsPage } from '@/features/leads/components/leads-page';
import { parseLeadsSearch } from '@/features/leads/model/leads-search';

export const Route = createFileRoute('/leads')({
  validateSearch: parseLeadsSearch,
  loaderDeps: ({ search: { view, page, priority, q, owner, lead } }) => ({ view, page, priority, q, owner, lead }),
  loader: async ({ context: { queryClient }, deps }) => {
    // The lead in the drawer and the list's page are read alongside; the stages are the page itself.
    if (deps.lead) void queryClient.prefetchQuery(leadQuery(deps.lead));
    if (deps.view === 'list' && !deps.owner) {
      const filters = upstreamFilters({ priority: deps.priority, search: deps.q });
      void queryClient.prefetchQuery(leadsPageQuery({ ...filters, page: deps.page ?? 1, limit: LIST_PAGE_SIZE }));
    }
    await queryClient.ensureQueryData(leadStagesQuery());
  },
  errorComponent: errorScreen('The lead stages could not be loaded'),
  component: LeadsPage,
});
