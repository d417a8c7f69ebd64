import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SEARCH_QUERY_MAX } from '@/contract';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { searchQuery } from '@/data/search';
import { RESULT_GROUPS, messageTarget, recordTarget, resultCount } from '../result-links';
import { PAGE_LIMIT } from '../search-page-search';
import { useDebounced } from '../use-debounced';
import { MessageResult, RecordResult } from './result-row';
import { useScrollMemory } from '@/lib/use-scroll-memory';

const ROW =
  'flex items-start gap-3 rounded-lg border border-border px-4 py-3 hover:bg-surface focus-visible:outline-offset-2';

/** `/search`: everything that matches, up to 20 of each kind, the query kept in the URL. */
export function SearchPage() {
  const q = useSearch({ from: '/search', select: (s) => s.q ?? '' });
  const navigate = useNavigate({ from: '/search' });
  const [text, setText] = useState(q);
  const settled = useDebounced(text.trim(), 250);
  useEffect(() => {
    if (settled !== q) void navigate({ search: settled ? { q: settled } : {}, replace: true });
  }, [settled, q, navigate]);
  const search = useQuery(searchQuery(q, PAGE_LIMIT));
  const results = q && search.data?.query === q ? search.data : undefined;

  const scrollRef = useScrollMemory<HTMLDivElement>(`search ${q}`);
  return (
    <div ref={scrollRef} className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      <header className="border-b border-border px-6 py-4">
        <h1 className="text-lg font-semibold">Search</h1>
        <label className="mt-3 flex max-w-2xl items-center gap-2 rounded-md border border-border bg-raised px-3 focus-within:ring-2 focus-within:ring-accent">
          <Search size={16} aria-hidden className="text-subtle" />
          <span className="sr-only">Search everything</span>
          <input
            type="search"
            value={text}
            autoFocus
            maxLength={SEARCH_QUERY_MAX}
            onChange={(e) => setText(e.target.value)}
            placeholder="Messages, contacts, customers, leads, quick replies"
            className="h-10 flex-1 bg-transparent text-sm outline-none"
          />
        </label>
      </header>
      {q === '' ? (
        <EmptyState title="Search everything" icon={<Search size={28} />}>
          Messages in every thread, contacts, customers, leads and quick replies. Press Ctrl K (⌘ K on a Mac)
          anywhere to search.
        </EmptyState>
      ) : search.isError ? (
        <ErrorState title="Search failed" error={search.error} onRetry={() => void search.refetch()} />
      ) : !results ? (
        <LoadingState label="Searching…" />
      ) : resultCount(results) === 0 ? (
        <EmptyState title={`Nothing matches “${q}”`} icon={<Search size={28} />}>
          Try fewer words, or the start of a word.
        </EmptyState>
      ) : (
        <div className="flex max-w-3xl flex-col gap-6 p-6">
          {RESULT_GROUPS.map(({ kind, label }) =>
            results[kind].length === 0 ? null : (
              <section key={kind} aria-label={label}>
                <h2 className="mb-2 text-sm font-semibold text-muted">
                  {label} <span className="font-normal">({results[kind].length})</span>
                </h2>
                <ul className="flex flex-col gap-2">
                  {kind === 'messages'
                    ? results.messages.map((hit) => (
                        <li key={hit.messageId}>
                          <Link {...messageTarget(hit)} className={ROW}>
                            <MessageResult hit={hit} />
                          </Link>
                        </li>
                      ))
                    : results[kind].map((hit) => (
                        <li key={hit.id}>
                          <Link {...recordTarget(kind, hit)} className={ROW}>
                            <RecordResult hit={hit} />
                          </Link>
                        </li>
                      ))}
                </ul>
              </section>
            ),
          )}
        </div>
      )}
    </div>
  );
}
