import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import { boardQuery } from '@/data/board';
import { count } from '@/lib/format';

/**
 * Stays on the stages page while any lead holds a key no stage has (a key changed and its leads
 * were left): the offer made at the key change must not vanish when the admin leaves the page.
 * The count is the board's own (the BFF's workspace, no upstream call).
 */
export function UnmatchedNotice() {
  const left = useQuery(boardQuery({})).data?.unmatched.total ?? 0;
  if (left === 0) return null;
  return (
    <div
      role="region"
      aria-label="Leads that match no stage"
      className="flex items-start gap-2 rounded-md border border-warning bg-warning-soft px-3 py-2 text-[13px]"
    >
      <AlertTriangle size={16} aria-hidden className="mt-0.5 shrink-0 text-warning" />
      <p>
        {count(left)} {left === 1 ? 'lead holds a key' : 'leads hold keys'} that no stage has: the board shows{' '}
        {left === 1 ? 'it' : 'them'} under Unmatched, where{' '}
        <Link to="/leads" className="text-accent underline">
          Move all
        </Link>{' '}
        puts them in a stage in one go.
      </p>
    </div>
  );
}
