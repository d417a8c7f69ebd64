import { useState } from 'react';
import { AUDIT_OUTCOMES, type AuditOutcome } from '@/contract';
import { Button } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { ACTION_OPTIONS, OUTCOME_LABELS } from '../audit-labels';
import { isFiltered, rangeIsBackwards, type AuditSearch } from '../audit-search';

const LABEL = 'flex flex-col gap-1 text-[13px] font-medium text-muted';
const isOutcome = (v: string): v is AuditOutcome => (AUDIT_OUTCOMES as readonly string[]).includes(v);
const orUndefined = (v: string): string | undefined => (v.trim() === '' ? undefined : v.trim());

/**
 * Who, what, how it ended and when. Lists and dates apply at once; the person applies on Enter or
 * when the field is left, so typing a name does not read the log once per key. Any change goes back
 * to the first page.
 */
export function AuditFilters({
  search,
  onChange,
}: {
  search: AuditSearch;
  onChange: (next: AuditSearch) => void;
}) {
  const [user, setUser] = useState(search.user ?? '');
  const [shownUser, setShownUser] = useState(search.user);
  // The URL changed under the field (back, a link, Clear): show what the URL says.
  if (shownUser !== search.user) {
    setShownUser(search.user);
    setUser(search.user ?? '');
  }
  const go = (next: Partial<AuditSearch>) => onChange({ ...search, ...next, page: undefined });
  const applyUser = () => {
    if (orUndefined(user) !== search.user) go({ user: orUndefined(user) });
  };
  const backwards = rangeIsBackwards(search);

  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        applyUser();
      }}
    >
      <label className={LABEL}>
        Person
        <Input
          className="w-56"
          type="search"
          value={user}
          placeholder="Username, e.g. ana@example.com"
          onChange={(e) => setUser(e.target.value)}
          onBlur={applyUser}
          onKeyDown={(e) => {
            // Several fields in the form: Enter does not submit it by itself.
            if (e.key === 'Enter') {
              e.preventDefault();
              applyUser();
            }
          }}
          maxLength={200}
        />
      </label>
      <label className={LABEL}>
        Action
        <Select
          className="w-64"
          value={search.action ?? ''}
          onChange={(e) => go({ action: orUndefined(e.target.value) })}
        >
          <option value="">All actions</option>
          {/* An action from the URL this build does not list still shows as chosen. */}
          {search.action !== undefined && !ACTION_OPTIONS.some((o) => o.id === search.action) ? (
            <option value={search.action}>{search.action}</option>
          ) : null}
          {ACTION_OPTIONS.map((o) => (
            <option key={o.id} value={o.id}>
              {o.id} ({o.detail})
            </option>
          ))}
        </Select>
      </label>
      <label className={LABEL}>
        Outcome
        <Select
          className="w-40"
          value={search.outcome ?? ''}
          onChange={(e) => go({ outcome: isOutcome(e.target.value) ? e.target.value : undefined })}
        >
          <option value="">All outcomes</option>
          {AUDIT_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {OUTCOME_LABELS[o]}
            </option>
          ))}
        </Select>
      </label>
      <label className={LABEL}>
        From
        <Input
          className="w-40"
          type="date"
          value={search.from ?? ''}
          max={search.to}
          onChange={(e) => go({ from: orUndefined(e.target.value) })}
          aria-invalid={backwards}
          aria-describedby={backwards ? 'audit-range-error' : undefined}
        />
      </label>
      <label className={LABEL}>
        To
        <Input
          className="w-40"
          type="date"
          value={search.to ?? ''}
          min={search.from}
          onChange={(e) => go({ to: orUndefined(e.target.value) })}
          aria-invalid={backwards}
          aria-describedby={backwards ? 'audit-range-error' : undefined}
        />
      </label>
      {isFiltered(search) ? (
        <Button type="button" variant="ghost" onClick={() => onChange({ limit: search.limit })}>
          Clear filters
        </Button>
      ) : null}
      {backwards ? (
        <p id="audit-range-error" role="alert" className="basis-full text-xs text-danger">
          The range ends before it starts: pick a “To” day on or after the “From” day. The dates are not
          applied.
        </p>
      ) : null}
    </form>
  );
}
