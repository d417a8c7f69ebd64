import { contactName, type Customer, type Lead } from '../../contract';
import type { CsvColumn } from './csv-stream';
import type { ContactRow } from './export-pages';

// The columns of each export: every field a person would want in a spreadsheet, ids first (so a
// re-import can match rows), names instead of ids where the workspace knows them.

export interface ExportContext {
  /** Stage names by key (the workspace's stages, read once per export). */
  readonly stageNames: ReadonlyMap<string, string>;
  /** A team member's name by upstream user id. */
  readonly ownerName: (id: string | null | undefined) => string;
}

export function leadColumns({ stageNames: stageName, ownerName }: ExportContext): CsvColumn<Lead>[] {
  return [
    { header: 'id', value: (l) => l.id },
    { header: 'name', value: (l) => l.name },
    { header: 'email', value: (l) => l.email },
    { header: 'phone', value: (l) => l.phone },
    { header: 'company_name', value: (l) => l.company_name },
    { header: 'stage', value: (l) => stageName.get(l.status) ?? l.status },
    { header: 'stage_key', value: (l) => l.status },
    { header: 'priority', value: (l) => l.priority },
    { header: 'value', value: (l) => l.value },
    { header: 'currency', value: (l) => l.currency },
    { header: 'probability', value: (l) => l.probability },
    { header: 'expected_close_date', value: (l) => l.expected_close_date },
    { header: 'owner', value: (l) => ownerName(l.assigned_to_user_id) },
    { header: 'customer_type', value: (l) => l.customer_type },
    { header: 'industry', value: (l) => l.industry },
    { header: 'source', value: (l) => l.source },
    { header: 'created_at', value: (l) => l.created_at },
    { header: 'updated_at', value: (l) => l.updated_at },
  ];
}

export function customerColumns({ ownerName }: Pick<ExportContext, 'ownerName'>): CsvColumn<Customer>[] {
  return [
    { header: 'id', value: (c) => c.id },
    { header: 'name', value: (c) => c.name },
    { header: 'company_name', value: (c) => c.company_name },
    { header: 'email', value: (c) => c.email },
    { header: 'phone', value: (c) => c.phone },
    { header: 'website', value: (c) => c.website },
    { header: 'industry', value: (c) => c.industry },
    { header: 'status', value: (c) => c.status },
    { header: 'customer_type', value: (c) => c.customer_type },
    { header: 'source', value: (c) => c.source },
    { header: 'street', value: (c) => c.address?.street },
    { header: 'city', value: (c) => c.address?.city },
    { header: 'state', value: (c) => c.address?.state },
    { header: 'country', value: (c) => c.address?.country },
    { header: 'postal_code', value: (c) => c.address?.postal_code },
    { header: 'owner', value: (c) => ownerName(c.assigned_to_user_id) },
    { header: 'created_at', value: (c) => c.created_at },
    { header: 'updated_at', value: (c) => c.updated_at },
  ];
}

/** A contact's columns; its customer's name comes with it (contactRows reads it by page). */
export function contactColumns(): CsvColumn<ContactRow>[] {
  return [
    { header: 'id', value: ({ contact: c }) => c.id },
    { header: 'customer_id', value: ({ contact: c }) => c.customer_id },
    { header: 'customer', value: ({ customer }) => customer },
    { header: 'name', value: ({ contact: c }) => contactName(c) },
    { header: 'first_name', value: ({ contact: c }) => c.first_name },
    { header: 'last_name', value: ({ contact: c }) => c.last_name },
    { header: 'email', value: ({ contact: c }) => c.email },
    { header: 'phone', value: ({ contact: c }) => c.phone },
    { header: 'mobile', value: ({ contact: c }) => c.mobile },
    { header: 'position', value: ({ contact: c }) => c.position },
    { header: 'department', value: ({ contact: c }) => c.department },
    { header: 'is_primary', value: ({ contact: c }) => c.is_primary ?? false },
    { header: 'status', value: ({ contact: c }) => c.status },
    { header: 'created_at', value: ({ contact: c }) => c.created_at },
  ];
}
