import { queryOptions, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { Customer, CustomerList, CustomerStatus, CustomerType } from '@/contract';
import { call } from '@/lib/api-client';

export interface CustomerFilters {
  /** Words to find (name, company, email, a phone's digits): the BFF's screen answers, not the upstream. */
  search?: string | undefined;
  status?: CustomerStatus | undefined;
  customer_type?: CustomerType | undefined;
  page: number;
  limit: number;
}

export const customerKeys = {
  all: ['customers'] as const,
  lists: () => ['customers', 'list'] as const,
  list: (filters: CustomerFilters) => ['customers', 'list', filters] as const,
  stats: () => ['customers', 'stats'] as const,
  fields: () => ['customers', 'fields'] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
};

export const customerListQuery = (filters: CustomerFilters) =>
  queryOptions({
    queryKey: customerKeys.list(filters),
    queryFn: ({ signal }) => {
      const { search, ...upstream } = filters;
      // The upstream's list searches nothing: a search is the BFF's screen over the workspace.
      return search
        ? call('screens.customers', { query: { ...upstream, search }, signal })
        : call('customers.list', { query: upstream, signal });
    },
  });

export const customerStatsQuery = () =>
  queryOptions({
    queryKey: customerKeys.stats(),
    queryFn: ({ signal }) => call('customers.stats', { signal }),
  });

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => call('customers.get', { params: { id }, signal }),
  });

/** One custom field as the list's `fields` describes it; the spec leaves the members open. */
const FieldDescription = z.lazy(() =>
  z.looseObject({
    key: z.string().check(z.minLength(1)),
    label: z.optional(z.nullable(z.string())),
    type: z.optional(z.nullable(z.string())),
    options: z.optional(z.nullable(z.array(z.union([z.string(), z.number()])))),
  }),
);
export type CustomFieldDescription = z.infer<typeof FieldDescription>;

/** Keeps the field descriptions we can read and skips the rest: an odd entry must not hide the page. */
export function readFieldDescriptions(fields: readonly unknown[]): CustomFieldDescription[] {
  return fields.flatMap((field) => {
    const parsed = FieldDescription.safeParse(field);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The custom field descriptions travel only with the list: read the smallest page of it. */
export const customerFieldsQuery = () =>
  queryOptions({
    queryKey: customerKeys.fields(),
    queryFn: async ({ signal }) => {
      const list = await call('customers.list', { query: { page: 1, limit: 1 }, signal });
      return readFieldDescriptions(list.fields);
    },
    staleTime: 10 * 60_000,
  });

/**
 * A changed customer: its detail and every list page that holds it. The counts by status and type
 * may have moved, so they are read again.
 */
export function upsertCustomer(queryClient: QueryClient, customer: Customer) {
  queryClient.setQueryData<Customer>(customerKeys.detail(customer.id), customer);
  queryClient.setQueriesData<CustomerList>({ queryKey: customerKeys.lists() }, (list) =>
    list?.customers.some((c) => c.id === customer.id)
      ? { ...list, customers: list.customers.map((c) => (c.id === customer.id ? customer : c)) }
      : list,
  );
  void queryClient.invalidateQueries({ queryKey: customerKeys.stats() });
}

export function removeCustomer(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: customerKeys.detail(id), exact: true });
  queryClient.setQueriesData<CustomerList>({ queryKey: customerKeys.lists() }, (list) =>
    list?.customers.some((c) => c.id === id)
      ? { ...list, customers: list.customers.filter((c) => c.id !== id), total: Math.max(0, list.total - 1) }
      : list,
  );
  void queryClient.invalidateQueries({ queryKey: customerKeys.stats() });
}
