import { sql } from 'kysely';

// What the migrations that keep a table from ws_leads' changes share (0017, 0020): a trigger
// function of one statement, run after each statement on ws_leads with its transition tables.

/** `create or replace` a plpgsql trigger function that runs `body` and returns null. */
export const triggerFunction = (name: string, body: string) =>
  sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
begin
  ${body};
  return null;
end $$`);
