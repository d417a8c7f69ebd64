import { CUSTOMER_STATUSES, CUSTOMER_TYPES, type CustomerStatus, type CustomerType } from '@/contract';
import { ExportLink } from '@/components/export-link';
import { ImportLink } from '@/components/import-link';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { SearchBox } from '@/components/ui/search-box';
import { bffUrl } from '@/lib/api-client';
import type { CustomerFilters as Filters } from '@/data/customers';
import { STATUS_LABELS, TYPE_LABELS } from '../labels';

const isStatus = (v: string): v is CustomerStatus => (CUSTOMER_STATUSES as readonly string[]).includes(v);
const isType = (v: string): v is CustomerType => (CUSTOMER_TYPES as readonly string[]).includes(v);

/** The search box, status and type filters; any change goes back to the first page. */
export function CustomerFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (next: Filters) => void;
}) {
  const filtered =
    filters.search !== undefined || filters.status !== undefined || filters.customer_type !== undefined;
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filters">
      <SearchBox
        value={filters.search ?? ''}
        onSearch={(search) => onChange({ ...filters, search: search || undefined, page: 1 })}
        label="Search customers"
        placeholder="Search name, company, email, phone"
        className="w-full sm:w-72"
      />
      <label className="flex flex-col gap-1 text-[13px] font-medium text-muted">
        Status
        <Select
          className="w-40"
          value={filters.status ?? ''}
          onChange={(e) => {
            const v = e.target.value;
            onChange({ ...filters, status: isStatus(v) ? v : undefined, page: 1 });
          }}
        >
          <option value="">All statuses</option>
          {CUSTOMER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
      </label>
      <label className="flex flex-col gap-1 text-[13px] font-medium text-muted">
        Type
        <Select
          className="w-40"
          value={filters.customer_type ?? ''}
          onChange={(e) => {
            const v = e.target.value;
            onChange({ ...filters, customer_type: isType(v) ? v : undefined, page: 1 });
          }}
        >
          <option value="">All types</option>
          {CUSTOMER_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </Select>
      </label>
      {filtered ? (
        <Button
          size="md"
          variant="ghost"
          onClick={() =>
            onChange({ ...filters, search: undefined, status: undefined, customer_type: undefined, page: 1 })
          }
        >
          Clear filters
        </Button>
      ) : null}
      <div className="ml-auto flex gap-2">
        <ExportLink
          label="Export customers"
          href={bffUrl('exports.customers', {
            query: { status: filters.status, customer_type: filters.customer_type },
          })}
        />
        <ExportLink label="Export contacts" href={bffUrl('exports.contacts')} />
        <ImportLink kind="customers" label="Import customers" />
      </div>
    </div>
  );
}
