import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { parseLeadsSearch, type LeadsSearch } from '../model/leads-search';

/**
 * The leads screen's search params, parsed, and a setter that merges a patch into them. Reads
 * loosely (not bound to the route id) so the components also render in tests' memory routers.
 */
export function useLeadsSearch(): [
  LeadsSearch,
  (patch: Partial<LeadsSearch>, options?: { replace?: boolean }) => void,
] {
  const raw = useSearch({ strict: false });
  const search = useMemo(() => parseLeadsSearch(raw), [raw]);
  const navigate = useNavigate();
  const update = useCallback(
    (patch: Partial<LeadsSearch>, options?: { replace?: boolean }) => {
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => {
          const next: Record<string, unknown> = { ...prev, ...patch };
          for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
          return next;
        },
        replace: options?.replace ?? false,
      });
    },
    [navigate],
  );
  return [search, update];
}
