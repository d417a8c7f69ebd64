import { createFileRoute } from '@tanstack/react-router';
import { errorScreen } from '@/components/app-screens';
import { customerListQuery, customerStatsQuery } from '@/data/customers';
import { tagsQuery } from '@/data/tags';
import { CustomerListPage } from '@/features/customers/components/customer-list-page';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { CustomerSearch, filtersFromSearch } from '@/features/customers/customer-search';

export const Route = createFileRoute('/customers/')({
  validateSearch: CustomerSearch,
  loaderDeps: ({ search }) => filtersFromSearch(search),
  loader: async ({ context: { queryClient }, deps, cause }) => {
    void queryClient.prefetchQuery(customerStatsQuery());
    void queryClient.prefetchQuery(tagsQuery());
    const list = queryClient.ensureQueryData(customerListQuery(deps));
    // Another page or filter: the table shown stays while the next one loads (the page defers it).
    if (cause === 'stay') void list.catch(() => undefined);
    else await list;
  },
  pendingComponent: TableSkeleton,
  errorComponent: errorScreen('Customers could not be loaded'),
  component: CustomerListPage,
});
