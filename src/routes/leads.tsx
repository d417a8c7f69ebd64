import { createFileRoute } from '@tanstack/react-router';
import { errorScreen } from '@/components/app-screens';
import { leadStagesQuery } from '@/data/lead-stages';
import { boardQuery } from '@/data/board';
import { LIST_PAGE_SIZE, boardFilters, leadQuery, leadScreenPageQuery } from '@/data/leads';
import { boardCode } from '@/features/leads/board-code';
import { nextTask } from '@/lib/next-task';
import { LeadsPage } from '@/features/leads/components/leads-page';
import { parseLeadsSearch } from '@/features/leads/model/leads-search';

export const Route = createFileRoute('/leads')({
  validateSearch: parseLeadsSearch,
  loaderDeps: ({ search: { view, page, priority, q, owner, lead } }) => ({
    view,
    page,
    priority,
    q,
    owner,
    lead,
  }),
  loader: async ({ context: { queryClient }, deps }) => {
    // The lead in the drawer and the board (or the list's page) are read alongside; the stages are
    // the page itself.
    if (deps.lead) void queryClient.prefetchQuery(leadQuery(deps.lead));
    const filters = boardFilters({ priority: deps.priority, search: deps.q, owner: deps.owner });
    if (deps.view === 'list')
      void queryClient.prefetchQuery(
        leadScreenPageQuery({ ...filters, page: deps.page ?? 1, limit: LIST_PAGE_SIZE }),
      );
    else {
      void queryClient.prefetchQuery(boardQuery(filters));
      // The board's code (drag and drop) is fetched with its data, not after the page renders; from
      // the next task, as asking for a module's files adds link elements, outside the task that
      // renders the screen.
      void nextTask().then(() => boardCode.preload());
    }
    await queryClient.ensureQueryData(leadStagesQuery());
  },
  errorComponent: errorScreen('The lead stages could not be loaded'),
  component: LeadsPage,
});
