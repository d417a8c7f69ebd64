import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { useDeferredValue, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import { customerListQuery, type CustomerFilters as Filters } from '@/data/customers';
import { tagsQuery } from '@/data/tags';
import { tagIndex } from '@/lib/tags';
import { filtersFromSearch, searchFromFilters } from '../customer-search';
import { CustomerFilters } from './customer-filters';
import { CustomerStats } from './customer-stats';
import { CustomerTable } from './customer-table';
import { Pagination } from '@/components/ui/pagination';
import { useScrollMemory } from '@/lib/use-scroll-memory';

/**
 * `/customers`: statistics, filters, the table and paging; every filter lives in the URL. While
 * another page or filter loads, the table shown stays (dimmed) instead of a spinner.
 */
export function CustomerListPage() {
  const search = useSearch({ from: '/customers/' });
  const shown = useDeferredValue(search);
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const shownFilters = useMemo(() => filtersFromSearch(shown), [shown]);
  const navigate = useNavigate();
  const { data: list } = useSuspenseQuery(customerListQuery(shownFilters));
  // Tag names only dress the chips: the table does not wait for them.
  const tags = useQuery(tagsQuery());
  const index = useMemo(() => (tags.data ? tagIndex(tags.data) : undefined), [tags.data]);

  const go = (next: Filters) => void navigate({ to: '/customers', search: searchFromFilters(next) });
  const filtered =
    shownFilters.search !== undefined ||
    shownFilters.status !== undefined ||
    shownFilters.customer_type !== undefined;

  const scrollRef = useScrollMemory<HTMLDivElement>(`customers ${JSON.stringify(search)}`);
  return (
    <div ref={scrollRef} className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="flex h-12 shrink-0 items-center border-b border-border px-6">
        <h1 className="text-base font-semibold">Customers</h1>
      </header>
      <div className="flex flex-col gap-4 p-6">
        <CustomerStats />
        <CustomerFilters filters={filters} onChange={go} />
        <section
          aria-label="Customer list"
          aria-busy={shown !== search}
          className={`flex flex-col gap-2 transition-opacity ${shown !== search ? 'opacity-60' : ''}`}
        >
          {list.customers.length === 0 ? (
            filtered ? (
              <EmptyState
                title={
                  shownFilters.search
                    ? `No customers match “${shownFilters.search}”`
                    : 'No customers match these filters'
                }
                icon={<Users size={28} />}
              >
                <Button
                  className="mt-2"
                  size="sm"
                  onClick={() =>
                    go({
                      ...filters,
                      search: undefined,
                      status: undefined,
                      customer_type: undefined,
                      page: 1,
                    })
                  }
                >
                  Clear filters
                </Button>
              </EmptyState>
            ) : shownFilters.page > 1 && list.total > 0 ? (
              <EmptyState title={`There is no page ${String(shownFilters.page)}`} icon={<Users size={28} />}>
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
              <CustomerTable customers={list.customers} tags={index} />
              <Pagination
                noun="customers"
                page={list.page}
                limit={list.limit}
                total={list.total}
                totalPages={list.totalPages}
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
