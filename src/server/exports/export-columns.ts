import { contactName, type Contact, type Customer, type Lead } from '../../contract';
import type { ReadModel } from '../sync/read-model';
import type { CsvColumn } from './csv-stream';

// The columns of each export: every field a person would want in a spreadsheet, ids first (so a
// re-import can match rows), names instead of ids where the workspace knows them.

export interface ExportContext {
  readonly model: ReadModel;
  /** A team member's name by upstream user id. */
  readonly ownerName: (id: string | null | undefined) => string;
}

export function leadColumns({ model, ownerName }: ExportContext): CsvColumn<Lead>[] {
  const stageName = new Map((model.lists.stages ?? []).map((s) => [s.key, s.name]));
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

export function customerColumns({ ownerName }: ExportContext): CsvColumn<Customer>[] {
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

export function contactColumns({ model }: ExportContext): CsvColumn<Contact>[] {
  return [
    { header: 'id', value: (c) => c.id },
    { header: 'customer_id', value: (c) => c.customer_id },
    { header: 'customer', value: (c) => model.customers.get(c.customer_id)?.name },
    { header: 'name', value: (c) => contactName(c) },
    { header: 'first_name', value: (c) => c.first_name },
    { header: 'last_name', value: (c) => c.last_name },
    { header: 'email', value: (c) => c.email },
    { header: 'phone', value: (c) => c.phone },
    { header: 'mobile', value: (c) => c.mobile },
    { header: 'position', value: (c) => c.position },
    { header: 'department', value: (c) => c.department },
    { header: 'is_primary', value: (c) => c.is_primary ?? false },
    { header: 'status', value: (c) => c.status },
    { header: 'created_at', value: (c) => c.created_at },
  ];
}
