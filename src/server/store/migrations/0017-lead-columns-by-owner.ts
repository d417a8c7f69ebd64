import { sql, type Kysely, type Migration } from 'kysely';
import { triggerFunction } from './statement-triggers';

// The board's and the lead list's totals under the owner and priority filters without a count of
// the matches (issue 35: at 200,000 leads a filtered board counted and sorted a third of them per
// request). ws_lead_columns (migration 0012) is keyed by owner and priority too; an unfiltered
// screen sums a status's rows, a filtered one the rows of its owner and priority. Only the search
// filter still counts its matches (found by the trigram index).
//
// The owner is the lead's assignee, '' for none (missing or empty, as the "no owner" filter
// reads it); the priority is '' when missing. The cards of a filtered column are read along
// (status, owner or priority, created_at desc nulls last, id), a page at a time, like an
// unfiltered one; the lead list along (owner, ...) as before, now on the same owner expression.

const OWNER = `coalesce(assignee, '')`;

/** The summary's key: by status and currency (0012), and now by owner and priority too. */
interface Key {
  readonly columns: string;
  readonly values: string;
}
const WITH_OWNER: Key = {
  columns: 'status, currency, owner, priority',
  values: `coalesce(status, '') as status, coalesce(currency, '') as currency,
    ${OWNER} as owner, coalesce(priority, '') as priority`,
};
const STATUS_ONLY: Key = {
  columns: 'status, currency',
  values: `coalesce(status, '') as status, coalesce(currency, '') as currency`,
};

/** One lead row's contribution, signed; `rows` is a transition table. */
const contribution = (key: Key, rows: string, sign: 1 | -1): string => `
  select ${key.values},
    ${sign} as leads,
    ${sign} * (value is not null)::int as valued,
    ${sign} * value::text::numeric as value_sum,
    ${sign} * value::text::numeric * least(100, greatest(0, coalesce(probability, 0)))::text::numeric * 0.01
      as weighted_sum
  from ${rows} where removed_at is null`;

const summed = (key: Key, parts: string[]): string => `
  insert into ws_lead_columns as t (${key.columns}, leads, valued, value_sum, weighted_sum)
  select ${key.columns}, sum(leads), sum(valued), coalesce(sum(value_sum), 0), coalesce(sum(weighted_sum), 0)
  from (${parts.join(' union all ')}) delta
  group by ${key.columns}
  having sum(leads) <> 0 or sum(valued) <> 0 or coalesce(sum(value_sum), 0) <> 0
    or coalesce(sum(weighted_sum), 0) <> 0
  order by ${key.columns}`;

const applyDelta = (key: Key, parts: string[]): string => `${summed(key, parts)}
  on conflict (${key.columns}) do update set
    leads = t.leads + excluded.leads,
    valued = t.valued + excluded.valued,
    value_sum = t.value_sum + excluded.value_sum,
    weighted_sum = t.weighted_sum + excluded.weighted_sum`;

/** The summary keyed by `key`: the triggers' functions, then the leads already stored. */
async function summarise(db: Kysely<unknown>, key: Key): Promise<void> {
  await sql`delete from ws_lead_columns`.execute(db);
  await sql`alter table ws_lead_columns drop constraint ws_lead_columns_key`.execute(db);
  if (key === WITH_OWNER)
    await sql`alter table ws_lead_columns add column owner text not null default '',
      add column priority text not null default ''`.execute(db);
  else await sql`alter table ws_lead_columns drop column owner, drop column priority`.execute(db);
  await sql
    .raw(`alter table ws_lead_columns add constraint ws_lead_columns_key primary key (${key.columns})`)
    .execute(db);
  await triggerFunction(
    'ws_lead_columns_inserted',
    applyDelta(key, [contribution(key, 'new_rows', 1)]),
  ).execute(db);
  await triggerFunction(
    'ws_lead_columns_updated',
    applyDelta(key, [contribution(key, 'new_rows', 1), contribution(key, 'old_rows', -1)]),
  ).execute(db);
  await triggerFunction(
    'ws_lead_columns_deleted',
    applyDelta(key, [contribution(key, 'old_rows', -1)]),
  ).execute(db);
  await sql.raw(summed(key, [contribution(key, 'ws_leads', 1)])).execute(db);
}

export const leadColumnsByOwner: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await summarise(db, WITH_OWNER);
    // A filtered column's cards, in order, without reading the column's other leads.
    await sql
      .raw(
        `create index ws_leads_column_owner on ws_leads (status, ${OWNER}, created_at desc nulls last, id)
          where removed_at is null`,
      )
      .execute(db);
    await sql`create index ws_leads_column_priority on ws_leads (status, priority, created_at desc nulls last, id)
      where removed_at is null`.execute(db);
    // The lead list's owner filter, on the same expression (the "no owner" filter is one range).
    await sql`drop index ws_leads_assignee`.execute(db);
    await sql
      .raw(
        `create index ws_leads_owner on ws_leads (${OWNER}, created_at desc nulls last, id) where removed_at is null`,
      )
      .execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const index of ['ws_leads_owner', 'ws_leads_column_priority', 'ws_leads_column_owner'])
      await db.schema.dropIndex(index).execute();
    await sql`create index ws_leads_assignee on ws_leads (assignee, created_at desc nulls last, id) where removed_at is null`.execute(
      db,
    );
    await summarise(db, STATUS_ONLY);
  },
};
