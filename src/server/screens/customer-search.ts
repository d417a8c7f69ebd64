import { sql } from 'kysely';
import type { Customer, CustomerList } from '../../contract';
import type { CustomerSearchQuery } from '../../contract/routes/screens';
import { matchOf } from '../search/record-search';
import type { WorkspaceReader } from '../workspace/workspace-reader';

// The customers list under a search box (issue 36.16), from the workspace tables: the upstream's
// list filters by status and type but searches nothing. The words are matched as the search palette
// matches them (find_text, trigram index), and the page is in name order (title_key), with the
// exact total for the pager. The answer has the upstream page's shape, so the same table shows it.

/** The upstream's page size when none is asked for. */
export const CUSTOMER_SEARCH_PAGE = 20;

export async function customerSearchOf(
  workspace: WorkspaceReader,
  query: CustomerSearchQuery,
): Promise<CustomerList> {
  const limit = query.limit ?? CUSTOMER_SEARCH_PAGE;
  const page = query.page ?? 1;
  const where = sql.join(
    [
      sql`removed_at is null`,
      matchOf(query.search),
      ...(query.status ? [sql`data->>'status' = ${query.status}`] : []),
      ...(query.customer_type ? [sql`data->>'customer_type' = ${query.customer_type}`] : []),
    ],
    sql` and `,
  );
  const [rows, counted] = await Promise.all([
    sql<{ data: Customer }>`select data from ws_customers where ${where}
      order by title_key, id limit ${limit} offset ${(page - 1) * limit}`.execute(workspace.db),
    sql<{ n: string }>`select count(*) as n from ws_customers where ${where}`.execute(workspace.db),
  ]);
  const total = Number(counted.rows[0]?.n ?? 0);
  return {
    customers: rows.rows.map((r) => r.data),
    total,
    page,
    limit,
    totalPages: Math.max(1, Math.ceil(total / limit)),
    // The custom fields' definitions come with the upstream's list; the page keeps the last it read.
    fields: [],
  };
}
