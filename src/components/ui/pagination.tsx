import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';
import { Select } from './field';
import { count } from '@/lib/format';
import { PAGE_SIZES, pageNumbers } from '@/lib/page-numbers';

interface PaginationProps {
  /** What the rows are, plural ("customers"), for "No customers". */
  noun: string;
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

/** Page numbers, previous/next and the page size. */
export function Pagination({ noun, page, limit, total, totalPages, onPage, onLimit }: PaginationProps) {
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-1 pt-3">
      <p className="text-muted tabular-nums" aria-live="polite">
        {total === 0 ? `No ${noun}` : `${count(first)}–${count(last)} of ${count(total)}`}
      </p>
      <nav aria-label="Pagination" className="flex items-center gap-1">
        <Button
          size="sm"
          variant="ghost"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          aria-label="Previous page"
        >
          <ChevronLeft size={16} aria-hidden />
        </Button>
        <ul className="flex items-center gap-1">
          {pageNumbers(page, totalPages).map((p, i) =>
            p === null ? (
              <li key={`gap-${String(i)}`} aria-hidden className="px-1 text-subtle">
                …
              </li>
            ) : (
              <li key={p}>
                <Button
                  size="sm"
                  variant={p === page ? 'primary' : 'ghost'}
                  className="min-w-8 tabular-nums"
                  aria-label={`Page ${String(p)}`}
                  aria-current={p === page ? 'page' : undefined}
                  onClick={() => onPage(p)}
                >
                  {p}
                </Button>
              </li>
            ),
          )}
        </ul>
        <Button
          size="sm"
          variant="ghost"
          disabled={page >= totalPages}
          onClick={() => onPage(page + 1)}
          aria-label="Next page"
        >
          <ChevronRight size={16} aria-hidden />
        </Button>
      </nav>
      <label className="flex items-center gap-2 text-muted">
        Rows per page
        <Select className="w-20" value={String(limit)} onChange={(e) => onLimit(Number(e.target.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </label>
    </div>
  );
}
