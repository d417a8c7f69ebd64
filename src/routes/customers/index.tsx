import { createFileRoute } from '@tanstack/react-router';
import { customerListQuery, customerStatsQuery } from '@/features/customers/api/customers';
import { tagsQuery } from '@/features/customers/api/tags';
import { CustomerListPage } from '@/features/customers/components/customer-list-page';
import { CustomerSearch, filtersFromSearch } from '@/features/customers/customer-search';

export const Route = createFileRoute('/customers/')({
  validateSearch: CustomerSearch,
  loaderDeps: ({ search }) => filtersFromSearch(search),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.prefetchQuery(customerListQuery(deps)),
      context.queryClient.prefetchQuery(customerStatsQuery()),
      context.queryClient.prefetchQuery(tagsQuery()),
    ]),
  component: CustomerListPage,
});
