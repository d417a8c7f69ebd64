import { sql, type Kysely, type Migration } from 'kysely';

// Finding records in the workspace tables (issue 35) without reading them all: the record search
// of GET /bff/search, the duplicate checks of imports, the keyset order of CSV exports.
//
// ws_fold(text): text as people compare it, the SQL twin of src/contract/text-fold.ts (lower case,
// accents off: "José" is "jose"): NFD, then the combining marks of the Latin, Greek, Cyrillic,
// Hebrew and Arabic scripts removed. The `search` column of 0011 is lower-cased but keeps accents,
// so it cannot answer "alvarez" for "Álvarez"; `find_text` below is its folded form.
//
// ws_email_key / ws_phone_key: the keys src/server/imports/duplicate-index.ts matches duplicates
// by (an email trimmed and lower-cased; a phone's last nine digits once punctuation and leading
// zeros are gone, none under six digits). Indexed, an import looks a batch of rows up by them.

const MARKS =
  '[\\u0300-\\u036f\\u0483-\\u0489\\u0591-\\u05bd\\u05bf\\u05c1\\u05c2\\u05c4\\u05c5\\u05c7' +
  '\\u0610-\\u061a\\u064b-\\u065f\\u0670\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f]';

/** The digits of a phone value, every other character dropped; '' for none. */
const digitsOf = (value: string) => `regexp_replace(coalesce(${value}, ''), '[^0-9]', '', 'g')`;

const RECORD_TABLES = {
  // What a record search matches (folded, then each phone's digits) and what it orders by.
  ws_leads: {
    findText: `ws_fold(search) || ' ' || ${digitsOf("data->>'phone'")}`,
    titleKey: `ws_fold(coalesce(data->>'name', ''))`,
  },
  ws_customers: {
    findText: `ws_fold(search || ' ' || coalesce(data->>'website', '')) || ' ' || ${digitsOf("data->>'phone'")}`,
    titleKey: `ws_fold(name)`,
  },
  ws_contacts: {
    findText:
      `ws_fold(search || ' ' || coalesce(data->>'position', '')) || ' ' || ` +
      `${digitsOf("data->>'phone'")} || ' ' || ${digitsOf("data->>'mobile'")}`,
    // contactName(), else the email, mobile or phone (record-search.ts's title).
    titleKey:
      `ws_fold(coalesce(nullif(btrim(coalesce(data->>'first_name', '') || ' ' || ` +
      `coalesce(data->>'last_name', '')), ''), nullif(data->>'email', ''), nullif(data->>'mobile', ''), ` +
      `nullif(data->>'phone', ''), 'Unnamed contact'))`,
  },
} as const;

export const workspaceFinding: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create function ws_fold(text) returns text language sql immutable strict parallel safe
      as ${sql.lit(`select lower(regexp_replace(normalize($1, NFD), '${MARKS}', '', 'g'))`)}`.execute(db);
    await sql`create function ws_email_key(text) returns text language sql immutable strict parallel safe
      as ${sql.lit(`select nullif(lower(btrim($1, E' \\t\\r\\n')), '')`)}`.execute(db);
    await sql`create function ws_phone_key(text) returns text language sql immutable strict parallel safe
      as ${sql.lit(
        `select case when length(ltrim(regexp_replace($1, '[^0-9]', '', 'g'), '0')) >= 6 ` +
          `then right(ltrim(regexp_replace($1, '[^0-9]', '', 'g'), '0'), 9) end`,
      )}`.execute(db);

    for (const [table, { findText, titleKey }] of Object.entries(RECORD_TABLES)) {
      const t = sql.table(table);
      // Stored, not only indexed: a trigram match is rechecked on each candidate row, and a
      // recheck on stored text is cheap where folding every candidate again is not.
      await sql`alter table ${t}
        add column find_text text generated always as (${sql.raw(findText)}) stored,
        add column title_key text collate "C" generated always as (${sql.raw(titleKey)}) stored`.execute(db);
      // Record search: every word of the query somewhere in the record (GET /bff/search).
      await sql`create index ${sql.raw(`${table}_find_text`)} on ${t} using gin (find_text gin_trgm_ops)`.execute(
        db,
      );
      // Record search: names that start with the query first, then by name, a page at a time.
      await sql`create index ${sql.raw(`${table}_title_key`)} on ${t} (title_key, id) where removed_at is null`.execute(
        db,
      );
    }

    // Imports: the leads and customers a batch of rows duplicates, by email and by phone.
    for (const table of ['ws_leads', 'ws_customers']) {
      const t = sql.table(table);
      await sql`create index ${sql.raw(`${table}_email_key`)} on ${t} (ws_email_key(data->>'email')) where removed_at is null`.execute(
        db,
      );
      await sql`create index ${sql.raw(`${table}_phone_key`)} on ${t} (ws_phone_key(data->>'phone')) where removed_at is null`.execute(
        db,
      );
    }

    // CSV exports, a keyset page at a time: customers and contacts by their created_at as the
    // upstream wrote it, newest first. (Leads go by 0012's ws_leads_newest and 0011's ws_leads_column.)
    for (const table of ['ws_customers', 'ws_contacts'])
      await sql`create index ${sql.raw(`${table}_created`)} on ${sql.table(table)}
        ((data->>'created_at') collate "C" desc nulls last, id) where removed_at is null`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['ws_customers', 'ws_contacts'])
      await sql`drop index ${sql.raw(`${table}_created`)}`.execute(db);
    for (const table of ['ws_leads', 'ws_customers']) {
      await sql`drop index ${sql.raw(`${table}_email_key`)}`.execute(db);
      await sql`drop index ${sql.raw(`${table}_phone_key`)}`.execute(db);
    }
    for (const table of Object.keys(RECORD_TABLES))
      await sql`alter table ${sql.table(table)} drop column find_text, drop column title_key`.execute(db);
    await sql`drop function ws_phone_key(text)`.execute(db);
    await sql`drop function ws_email_key(text)`.execute(db);
    await sql`drop function ws_fold(text)`.execute(db);
  },
};
