import type { Lead, Priority } from '../leads';
import type { OwnerFilter } from '../routes/screens';

// Which leads a lead screen's filters keep: the upstream's list rules (spec Part 4: priority and
// status exact, the search inside the name, the email or the company, ignoring case) plus the
// owner filter the BFF adds. One definition for the fake's list, the BFF's screens (whose SQL in
// src/server/screens/lead-sql.ts says the same), the browser's cache writers and the tests.

export interface LeadMatchFilters {
  readonly status?: string | undefined;
  readonly priority?: Priority | undefined;
  readonly search?: string | undefined;
  /** A user id, or `none` for leads nobody owns. */
  readonly owner?: OwnerFilter | undefined;
}

/** The needle of a lead search as every side takes it: trimmed and lower-cased ('' for none). */
export const leadNeedle = (search: string | undefined): string => search?.trim().toLowerCase() ?? '';

/** A filter test built once per list: the needle is trimmed and lowered once. */
export function leadMatcher(filters: LeadMatchFilters): (lead: Lead) => boolean {
  const { status, priority, owner } = filters;
  const needle = leadNeedle(filters.search);
  return (lead) => {
    if (status !== undefined && lead.status !== status) return false;
    if (priority !== undefined && lead.priority !== priority) return false;
    if (owner !== undefined) {
      if (owner === 'none' ? Boolean(lead.assigned_to_user_id) : lead.assigned_to_user_id !== owner)
        return false;
    }
    if (needle === '') return true;
    return [lead.name, lead.email, lead.company_name].some((v) => v?.toLowerCase().includes(needle));
  };
}
