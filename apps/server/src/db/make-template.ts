import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { BOOTSTRAP_SQL } from './bootstrap.ts';
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS } from './client.ts';

/**
 * Build step: a migrated PGlite database, dumped as a gzipped tarball. A first start unpacks
 * it instead of running initdb inside WebAssembly (seconds, and hundreds of MB of memory).
 */
export async function makeTemplate(outFile: string): Promise<number> {
  const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
  await client.exec(BOOTSTRAP_SQL);
  const dump = await client.dumpDataDir('gzip');
  const bytes = Buffer.from(await dump.arrayBuffer());
  writeFileSync(outFile, bytes);
  await client.close();
  return bytes.length;
}
