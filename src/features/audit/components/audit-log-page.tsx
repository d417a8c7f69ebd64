import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ScrollText } from 'lucide-react';
import { useDeferredValue, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState } from '@/components/ui/states';
import { auditPageQuery } from '@/data/audit';
import { filtersFromSearch, isFiltered, type AuditSearch } from '../audit-search';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import { useScrollMemory } from '@/lib/use-scroll-memory';

/**
 * Settings → Audit log (admins): who changed what through the app, and every sign-in, newest first.
 * Every filter lives in the URL; while another page or filter loads, the table shown stays (dimmed).
 */
export function AuditLogPage() {
  const search = useSearch({ from: '/settings/audit' });
  const shown = useDeferredValue(search);
  const filters = useMemo(() => filtersFromSearch(shown), [shown]);
  const { data: page } = useSuspenseQuery(auditPageQuery(filters));
  const navigate = useNavigate();
  const go = (next: AuditSearch) => void navigate({ to: '/settings/audit', search: next });
  const loading = shown !== search;

  const scrollRef = useScrollMemory<HTMLDivElement>(`audit ${JSON.stringify(search)}`);
  return (
    <div ref={scrollRef} className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="border-b border-border px-6 py-4">
        <h1 className="text-lg font-semibold">Audit log</h1>
        <p className="mt-1 max-w-2xl text-[13px] text-muted">
          Every change made through Chatdesk and every sign-in: who, which record, and how it ended. Reads are
          not recorded. Entries are kept for the number of days the server is configured with.
        </p>
      </header>
      <div className="flex flex-col gap-4 px-6 py-4">
        <AuditFilters search={search} onChange={go} />
        <section
          aria-label="Audit entries"
          aria-busy={loading}
          className={`flex flex-col gap-2 transition-opacity ${loading ? 'opacity-60' : ''}`}
        >
          {page.data.length === 0 ? (
            isFiltered(shown) ? (
              <EmptyState title="No entries match these filters" icon={<ScrollText size={28} />}>
                <Button className="mt-2" size="sm" onClick={() => go({ limit: search.limit })}>
                  Clear filters
                </Button>
              </EmptyState>
            ) : page.page > 1 && page.total > 0 ? (
              <EmptyState title={`There is no page ${String(page.page)}`} icon={<ScrollText size={28} />}>
                <Button className="mt-2" size="sm" onClick={() => go({ ...search, page: undefined })}>
                  Go to the first page
                </Button>
              </EmptyState>
            ) : (
              <EmptyState title="Nothing recorded yet" icon={<ScrollText size={28} />}>
                Changes and sign-ins appear here as people work.
              </EmptyState>
            )
          ) : (
            <>
              <AuditTable entries={page.data} />
              <Pagination
                noun="entries"
                page={page.page}
                limit={page.limit}
                total={page.total}
                totalPages={page.totalPages}
                onPage={(p) => go({ ...search, page: p > 1 ? p : undefined })}
                onLimit={(limit) => go({ ...search, limit, page: undefined })}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
