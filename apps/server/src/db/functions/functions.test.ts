import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import { queryRows, type DatabaseHandle } from '../database.ts';

const DIR = new URL('./', import.meta.url);

/** Each file's statement: the file without its leading comment (the why, which the database does not keep). */
function statementOf(file: string): string {
  const lines = readFileSync(new URL(file, DIR), 'utf8').split('\n');
  const first = lines.findIndex((line) => line.trim() !== '' && !line.startsWith('--'));
  return lines.slice(first).join('\n').trim();
}

const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();

let database: DatabaseHandle;
let stored: Map<string, string>;
beforeAll(async () => {
  database = await openTestDatabase();
  // Our functions: schema public, not an extension's (pg_trgm puts its own there).
  const rows = await queryRows<{ name: string; definition: string }>(
    database.db,
    sql`select p.proname as name, pg_get_functiondef(p.oid) as definition
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
        order by p.proname`,
  );
  stored = new Map(rows.map((r) => [r.name, r.definition.trim()]));
});
afterAll(() => database.close());

describe('db/functions: the current text of each stored function', () => {
  it('has one file for each function of the migrated database, and none for a function it lacks', () => {
    expect(files).toEqual([...stored.keys()].map((name) => `${name}.sql`));
  });

  it.each(files)('%s is what the migrations left in the database (pg_get_functiondef)', (file) => {
    const name = file.replace(/\.sql$/, '');
    expect(statementOf(file)).toBe(stored.get(name));
  });
});
