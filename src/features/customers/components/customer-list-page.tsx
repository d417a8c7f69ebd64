import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui/states';
import { tagIndex } from '@/lib/tags';
import { customerListQuery, type CustomerFilters as Filters } from '../api/customers';
import { tagsQuery } from '../api/tags';
import { CustomerSearch, filtersFromSearch, searchFromFilters } from '../customer-search';
import { CustomerFilters } from './customer-filters';
import { CustomerStats } from './customer-stats';
import { CustomerTable } from './customer-table';
import { Pagination } from './pagination';

function TableSkeleton() {
  return (
    <div className="flex flex-col gap-2 py-2" aria-hidden>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}

/** `/customers`: statistics, filters, the table and paging; every filter lives in the URL. */
export function CustomerListPage() {
  const raw = useSearch({ strict: false });
  const filters = useMemo(() => filtersFromSearch(CustomerSearch.parse(raw)), [raw]);
  const navigate = useNavigate();
  const list = useQuery({ ...customerListQuery(filters), placeholderData: keepPreviousData });
  const tags = useQuery(tagsQuery());
  const index = useMemo(() => (tags.data ? tagIndex(tags.data) : undefined), [tags.data]);

  const go = (next: Filters) => void navigate({ to: '/customers', search: searchFromFilters(next) });
  const filtered = filters.status !== undefined || filters.customer_type !== undefined;

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="flex h-12 shrink-0 items-center border-b border-border px-6">
        <h1 className="text-base font-semibold">Customers</h1>
      </header>
      <div className="flex flex-col gap-4 p-6">
        <CustomerStats />
        <CustomerFilters filters={filters} onChange={go} />
        <section aria-label="Customer list" aria-busy={list.isFetching} className="flex flex-col gap-2">
          {list.isPending ? (
            <TableSkeleton />
          ) : list.isError ? (
            <ErrorState
              error={list.error}
              onRetry={() => void list.refetch()}
              title="Customers could not be loaded"
            />
          ) : list.data.customers.length === 0 ? (
            filtered ? (
              <EmptyState title="No customers match these filters" icon={<Users size={28} />}>
                <Button
                  className="mt-2"
                  size="sm"
                  onClick={() => go({ ...filters, status: undefined, customer_type: undefined, page: 1 })}
                >
                  Clear filters
                </Button>
              </EmptyState>
            ) : filters.page > 1 && list.data.total > 0 ? (
              <EmptyState title={`There is no page ${String(filters.page)}`} icon={<Users size={28} />}>
                <Button className="mt-2" size="sm" onClick={() => go({ ...filters, page: 1 })}>
                  Go to the first page
                </Button>
              </EmptyState>
            ) : (
              <EmptyState title="No customers yet" icon={<Users size={28} />}>
                Customers created in the CRM appear here.
              </EmptyState>
            )
          ) : (
            <>
              <CustomerTable customers={list.data.customers} tags={index} />
              <Pagination
                page={list.data.page}
                limit={list.data.limit}
                total={list.data.total}
                totalPages={list.data.totalPages}
                onPage={(page) => go({ ...filters, page })}
                onLimit={(limit) => go({ ...filters, limit, page: 1 })}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
